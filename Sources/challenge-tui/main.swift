import AppShell
import ArticlesApp
import CommandLineKit
import Core
import Glibc
import NavigationApp
import ProfileApp
import Recording
import TUI

exit(ChallengeTUI.main(
    arguments: ProgramArguments.afterProgramName(orExitAs: "challenge-tui"),
    environment: ProcessEnvironment.current()))
