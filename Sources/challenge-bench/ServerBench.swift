import Foundation

/// challenge-server against node's own `http` module (see Docs/server.md, "Performance"):
/// requests per second and p99 latency over keep-alive connections (medians of interleaved
/// rounds), and ten thousand clients at once each waiting for a 2-second answer (wall time,
/// peak resident memory). Without node on PATH its lines say so.
struct ServerBench {
    let context: BenchContext
    static let concurrency = [1, 50]
    static let burstClients = 10_000
    /// The burst's clients come from this many loopback addresses, 500 each: under the
    /// per-address cap of 1,000, as real clients would be.
    static let burstSources = 20
    static let delay = 2.0

    enum Contender: String, CaseIterable, Sendable {
        case ours = "challenge-server"
        case node = "node http"
    }

    struct Burst: Equatable, Sendable {
        var result: ConcurrentBurst.Result
        var peakResidentBytes: UInt64?
    }

    struct Outcome {
        /// Per contender and connection count: one result per round.
        var rounds: [Contender: [Int: [KeepAliveLoad.Result]]] = [:]
        /// One connection again, with the client and the server on one processor
        /// (`ProcessorPin`): one result per round; empty where threads can't be placed.
        var oneProcessorRounds: [Contender: [KeepAliveLoad.Result]] = [:]
        var wrk: [Contender: [Int: Wrk.Result]] = [:]
        var bursts: [Contender: Burst] = [:]
        var problems: [Contender: String] = [:]
    }

    var rounds: Int { context.options.quick ? 3 : 5 }

    func measure() -> Outcome {
        LoopbackSocket.raiseDescriptorLimit()  // inherited by both servers
        var outcome = Outcome()
        var servers: [Contender: ServerProcess] = [:]
        for contender in Contender.allCases {
            switch start(contender, delay: 0) {
            case .success(let server): servers[contender] = server
            case .failure(let problem): outcome.problems[contender] = problem.description
            }
        }
        for clients in Self.concurrency {
            interleavedRounds(servers, clients: clients) { contender, result in
                outcome.rounds[contender, default: [:]][clients, default: []].append(result)
            }
        }
        interleavedRounds(servers, clients: 1, run: { server, load in ProcessorPin.together(with: server.pid) { load.run() } }) {
            outcome.oneProcessorRounds[$0, default: []].append($1)
        }
        if let wrkPath = context.wrkPath {
            let wrk = Wrk(path: wrkPath)
            for clients in Self.concurrency {
                for contender in Contender.allCases {
                    guard let server = servers[contender] else { continue }
                    let result = wrk.run(url: "http://127.0.0.1:\(server.port)/rLogin", threads: min(clients, 2), connections: clients,
                                         seconds: Int(context.options.loadSeconds.rounded(.up)))
                    outcome.wrk[contender, default: [:]][clients] = result
                }
            }
        }
        servers.values.forEach { $0.stop() }

        for contender in Contender.allCases where outcome.problems[contender] == nil {
            switch start(contender, delay: Self.delay) {
            case .success(let server):
                let burst = ConcurrentBurst(port: server.port, path: "/rLogin", clients: Self.burstClients,
                                            sourceAddresses: Self.burstSources, timeout: 60)
                let result = burst.run()
                outcome.bursts[contender] = Burst(result: result, peakResidentBytes: server.peakResidentBytes)
                server.stop()
            case .failure(let problem):
                outcome.problems[contender] = problem.description
            }
        }
        return outcome
    }

    /// `rounds` rounds of keep-alive load on every server, alternating who goes first so drift
    /// in the machine's load hits both alike; `run` may decline a round (nil).
    private func interleavedRounds(
        _ servers: [Contender: ServerProcess], clients: Int,
        run: (ServerProcess, KeepAliveLoad) -> KeepAliveLoad.Result? = { $1.run() },
        record: (Contender, KeepAliveLoad.Result) -> Void
    ) {
        for round in 0..<rounds {
            let order = round.isMultiple(of: 2) ? Contender.allCases : Contender.allCases.reversed()
            for contender in order {
                guard let server = servers[contender] else { continue }
                let load = KeepAliveLoad(port: server.port, path: "/rLogin", connections: clients, seconds: context.options.loadSeconds)
                if let result = run(server, load) { record(contender, result) }
            }
        }
    }

    private func start(_ contender: Contender, delay: Double) -> Result<ServerProcess, ServerProcess.Failure> {
        let delayText = Format.number(delay, digits: 0)
        do {
            switch contender {
            case .ours:
                return .success(try context.startServer(delay: delay, log: "challenge-server-\(delayText).log"))
            case .node:
                guard let node = context.nodePath else { return .failure(.init(description: "node not installed")) }
                let script = try NodeServerScript.write(into: context.scratch)
                return .success(try ServerProcess(
                    path: node, arguments: [script, delayText], environment: context.appEnvironment,
                    logPath: context.scratch + "/node-\(delayText).log"))
            }
        } catch let failure as ServerProcess.Failure {
            return .failure(failure)
        } catch {
            return .failure(.init(description: "\(error)"))
        }
    }

    /// The port of the first "http://127.0.0.1:PORT" in `text`.
    static func port(in text: String) -> UInt16? {
        guard let range = text.range(of: "http://127.0.0.1:") else { return nil }
        return UInt16(text[range.upperBound...].prefix { $0.isNumber })
    }
}
