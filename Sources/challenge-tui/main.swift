import AppShell
import CommandLineKit
import Core
import Glibc

exit(ChallengeTUI.main(
    arguments: ProgramArguments.afterProgramName(orExitAs: "challenge-tui"),
    environment: ProcessEnvironment.current()))
