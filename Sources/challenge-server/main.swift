import DevServer
import Foundation

// What GET /articles serves when no --articles-file is given.
// INTEGRATION POINT: replace with the Articles module's 60-article sample (SampleArticles) once
// it is merged, and add "Articles" to challenge-server's dependencies in Package.swift.
let defaultArticlesJSON = Data("[]".utf8)

exit(ServerMain.run(arguments: Array(CommandLine.arguments.dropFirst()), articlesJSON: defaultArticlesJSON))
