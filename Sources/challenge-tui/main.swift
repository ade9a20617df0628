import AppShell
import Core
import Foundation

exit(ChallengeTUI.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessEnvironment.current(),
    executablePath: CommandLine.arguments.first,
    currentDirectory: FileManager.default.currentDirectoryPath))
