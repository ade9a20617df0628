import AppShell
import Core
import Glibc

exit(ChallengeTUI.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessEnvironment.current()))
