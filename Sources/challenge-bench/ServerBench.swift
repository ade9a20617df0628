import Foundation

/// Requests per second on loopback with zero delay: challenge-server's `GET /rLogin` against
/// python3's threading `http.server` serving a static file of the same size, at 1 and 50
/// concurrent keep-alive clients.
struct ServerBench {
    let context: BenchContext
    static let concurrency = [1, 50]

    struct Rates {
        var ours: [Int: LoadGenerator.Result] = [:]
        var python: [Int: LoadGenerator.Result] = [:]
        var problems: [String] = []
    }

    func measure() -> Rates {
        var rates = Rates()
        switch load(context.serverPath, ["--host", "127.0.0.1", "--port", "0", "0", "true", "0", "true", "0", "true"], path: "/rLogin") {
        case .success(let results): rates.ours = results
        case .failure(let problem): rates.problems.append("challenge-server: \(problem)")
        }
        if let python = context.python3Path {
            let directory = context.scratch + "/static"
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // The size of an rLogin answer: {"sessionId":"<uuid>"}.
            let body = "{\"sessionId\":\"1b4e28ba-2fa1-41d2-883f-0016d3cca427\"}"
            _ = FileManager.default.createFile(atPath: directory + "/rLogin.json", contents: Data(body.utf8))
            // As people run it: HTTP/1.0, one connection per request (its HTTP/1.1 mode stalls 40 ms
            // per answer on delayed ACKs, headers and body being separate writes).
            let arguments = ["-m", "http.server", "--bind", "127.0.0.1", "--directory", directory, "0"]
            switch load(python, arguments, path: "/rLogin.json") {
            case .success(let results): rates.python = results
            case .failure(let problem): rates.problems.append("python3 http.server: \(problem)")
            }
        }
        return rates
    }

    struct Problem: Error, CustomStringConvertible { var description: String }

    private func load(_ path: String, _ arguments: [String], path requestPath: String) -> Result<[Int: LoadGenerator.Result], Problem> {
        let process: PseudoTerminalProcess
        do {
            process = try PseudoTerminalProcess(path: path, arguments: arguments, environment: context.appEnvironment)
        } catch {
            return .failure(Problem(description: "\(error)"))
        }
        defer { process.terminate() }
        guard process.waitFor(["http://127.0.0.1:"], timeout: 10) != nil,
              let port = Self.port(in: process.screen.lines.joined(separator: "\n"))
        else {
            return .failure(Problem(description: "did not say which port it listens on"))
        }
        var results: [Int: LoadGenerator.Result] = [:]
        for clients in Self.concurrency {
            let generator = LoadGenerator(port: port, path: requestPath, clients: clients, seconds: context.options.loadSeconds)
            let outcome = Shared<LoadGenerator.Result?>(nil)
            let thread = Thread { let result = generator.run(); outcome.withLock { $0 = result } }
            thread.start()
            // The server logs each request to its terminal: keep that drained meanwhile.
            while outcome.withLock({ $0 == nil }) { process.readOnce(timeout: 0.02) }
            results[clients] = outcome.withLock { $0 }
        }
        return .success(results)
    }

    /// The port of the first "http://127.0.0.1:PORT" in `text`.
    static func port(in text: String) -> UInt16? {
        guard let range = text.range(of: "http://127.0.0.1:") else { return nil }
        return UInt16(text[range.upperBound...].prefix { $0.isNumber })
    }

    func report(_ rates: Rates) -> [ReportLine] {
        var lines: [ReportLine] = []
        for clients in Self.concurrency {
            let label = clients == 1 ? "1 client" : "\(clients) clients"
            guard let ours = rates.ours[clients] else {
                lines.append(.skipped("challenge-server, \(label)", because: rates.problems.first ?? "not measured"))
                continue
            }
            let errors = ours.errors > 0 ? ", \(ours.errors) errors" : ""
            lines.append(ReportLine("challenge-server req/s, \(label) (GET /rLogin)", Format.number(ours.perSecond, digits: 0) + errors))
            if let python = rates.python[clients] {
                let pythonErrors = python.errors > 0 ? ", \(python.errors) errors" : ""
                lines.append(ReportLine("python3 http.server req/s, \(label) (static file)", Format.number(python.perSecond, digits: 0) + pythonErrors))
                lines.append(ReportLine("ratio challenge-server / python3, \(label)", Format.number(ours.perSecond / max(1, python.perSecond), digits: 2) + "×"))
            } else {
                lines.append(.skipped("python3 http.server, \(label)", because: context.python3Path == nil ? "python3 not installed" : rates.problems.last ?? "not measured"))
            }
        }
        return lines
    }
}
