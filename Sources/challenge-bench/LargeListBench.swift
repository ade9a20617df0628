import Articles
import Contract
import Foundation

/// The real app with 100,000 articles: challenge-server serves a generated file, the app syncs
/// it over HTTP (`--backend http --challenge articles`); measured are the time from exec to the
/// list on screen and the app's resident memory then. Skipped while the articles screen is not
/// in the build.
struct LargeListBench {
    let context: BenchContext
    static let count = 100_000

    func report() -> [ReportLine] {
        let measure = "resident memory with 100,000 articles (app over HTTP)"
        let file = context.scratch + "/articles-100000.json"
        guard FileManager.default.createFile(atPath: file, contents: SampleArticles.json(count: Self.count)) else {
            return [.skipped(measure, because: "cannot write \(file)")]
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        // Its log goes to a file (ServerProcess): nobody has to read it while the app syncs.
        let server: ServerProcess
        do {
            server = try context.startServer(articlesFile: file, log: "large-list-server.log")
        } catch {
            return [.skipped(measure, because: "challenge-server did not start: \(error)")]
        }
        defer { server.stop() }
        let port = server.port
        // 100,000 articles are a 58 MB answer: over the app's 8 MB cap on API answers
        // (Docs/security.md), so this run raises the cap the way a user would.
        let config = context.scratch + "/large-list-config.json"
        guard FileManager.default.createFile(atPath: config, contents: Data(#"{"responseLimits": {"api": 128, "image": 5}}"#.utf8)) else {
            return [.skipped(measure, because: "cannot write \(config)")]
        }
        defer { try? FileManager.default.removeItem(atPath: config) }
        let newest = SampleArticles.articles(count: Self.count).sortedByRelease().first?.title ?? ""
        let app: PseudoTerminalProcess
        do {
            app = try PseudoTerminalProcess(
                path: context.tuiPath,
                arguments: ["--backend", "http", "--server", "http://127.0.0.1:\(port)", "--challenge", "articles", "--config", config],
                environment: context.appEnvironment)
        } catch {
            return [.skipped(measure, because: "\(error)")]
        }
        defer { app.terminate() }
        let marker = String(newest.prefix(20))
        let deadline = app.now + 60
        while app.now < deadline, !app.hasExited, !app.screen.contains(marker) {
            app.readOnce(timeout: 0.05)
            if app.screen.contains("is not available yet") {
                return [.skipped(measure, because: "this build has no articles screen yet")]
            }
        }
        guard app.screen.contains(marker) else {
            let said = app.screen.lines.first { $0.contains("too large") || $0.contains("failed") }?.trimmingCharacters(in: .whitespaces)
            return [.skipped(measure, because: "the list did not appear within 60 s" + (said.map { ": \($0)" } ?? ""))]
        }
        let shown = app.now
        app.settle(quiet: 0.3, timeout: 5)
        guard let resident = ProcessStats.residentBytes(pid: app.pid) else {
            return [.skipped(measure, because: "the app ended")]
        }
        return [
            ReportLine("exec → list of 100,000 articles over HTTP (one run)", Format.number(shown * 1000, digits: 0) + " ms"),
            ReportLine(measure, Format.bytes(Double(resident))),
        ]
    }
}
