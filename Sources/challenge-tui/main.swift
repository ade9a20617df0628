import AppShell
import Foundation

exit(ChallengeTUI.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    executablePath: CommandLine.arguments.first,
    currentDirectory: FileManager.default.currentDirectoryPath))
