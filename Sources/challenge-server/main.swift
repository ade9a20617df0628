import CommandLineKit
import Core
import DevServer
import Foundation

// GET /articles serves the project's own sample of 60 articles unless --articles-file is given.
exit(ServerMain.run(arguments: ProgramArguments.afterProgramName(orExitAs: "challenge-server")))
