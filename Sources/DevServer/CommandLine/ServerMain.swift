import CommandLineKit
import Contract
import Core
import Foundation
import Glibc

/// The whole of `challenge-server`: main.swift only calls `run`.
public enum ServerMain {
    /// What to do after looking at the arguments: exit with some output, or serve.
    enum Plan: Equatable {
        case exit(status: Int32, standardOutput: String, standardError: String)
        case serve(DevServerConfiguration)
    }

    /// Runs the server until SIGINT or SIGTERM; returns the exit status.
    ///
    /// `articlesJSON` is what `GET /articles` serves when no `--articles-file` is given.
    public static func run(arguments: [String], articlesJSON: Data = SampleArticles.json()) -> Int32 {
        let configuration: DevServerConfiguration
        switch plan(arguments: arguments, environment: ProcessInfo.processInfo.environment, articlesJSON: articlesJSON, readFile: readFile) {
        case .exit(let status, let standardOutput, let standardError):
            write(standardOutput, to: FileHandle.standardOutput)
            write(standardError, to: FileHandle.standardError)
            return status
        case .serve(let served):
            configuration = served
        }

        // Block the stop signals before any thread exists, so every thread inherits the mask and
        // only `sigwait` below sees them. A vanished client is an EPIPE, never a SIGPIPE.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        sigaddset(&stopSignals, SIGINT)
        sigaddset(&stopSignals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        signal(SIGPIPE, SIG_IGN)
        // Ten thousand clients need ten thousand descriptors; the soft limit is often 1024.
        ResourceLimits.raiseOpenFileLimit()

        let server = DevServer(configuration: configuration, environment: .live)
        let port: UInt16
        do {
            port = try server.start()
        } catch {
            write("challenge-server: \(error.message)\n", to: FileHandle.standardError)
            return 1
        }
        write(startBanner(configuration, port: port, seed: server.seed), to: FileHandle.standardOutput)

        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        DevServerEnvironment.live.flushLog()
        write("challenge-server: stopping (waiting up to \(Int(configuration.effectiveShutdownGrace)) s for requests in flight)\n", to: FileHandle.standardOutput)
        server.stop()
        DevServerEnvironment.live.flushLog()
        write("challenge-server: stopped\n", to: FileHandle.standardOutput)
        return 0
    }

    static func plan(arguments: [String], environment: [String: String] = [:], articlesJSON: Data,
                     readFile: (String) throws -> Data) -> Plan {
        let usageHint = "\n\n" + HelpText.shortUsage(ServerInterface.interface) + "\n"
        switch ServerCommand.parse(arguments, articlesJSON: articlesJSON, environment: environment) {
        case .failure(let error):
            return .exit(status: 2, standardOutput: "", standardError: "challenge-server: \(error.message)" + usageHint)
        case .success(.help):
            return .exit(status: 0, standardOutput: Usage.text + "\n", standardError: "")
        case .success(.version):
            return .exit(status: 0, standardOutput: "challenge-server \(ServerInterface.interface.version)\n", standardError: "")
        case .success(.completions(let shell)):
            return .exit(status: 0, standardOutput: CompletionScript.render(ServerInterface.interface, for: shell), standardError: "")
        case .success(.printToken(let secret)):
            return .exit(status: 0, standardOutput: DevToken.token(secret: secret) + "\n", standardError: "")
        case .success(.serve(var configuration)):
            let source: String
            if let file = configuration.articlesFile {
                source = "--articles-file \(file.quoted(200))"
                do {
                    configuration.articlesJSON = try readFile(file)
                } catch {
                    // The reader's own words ("it is a FIFO (named pipe), not a regular file"), not
                    // Foundation's generic one, which called a FIFO a matter of permission.
                    let reason = (error as? BoundedFileReader.Failure)?.description ?? error.localizedDescription
                    return .exit(status: 2, standardOutput: "", standardError: "challenge-server: \(source): cannot read it (\(reason))\n")
                }
            } else {
                source = "the built-in sample articles"
            }
            if case .failure(let problem) = ArticlesValidator.validate(configuration.articlesJSON) {
                return .exit(status: 2, standardOutput: "", standardError: "challenge-server: \(source): \(problem.message)\n")
            }
            return .serve(configuration)
        }
    }

    static func startBanner(_ configuration: DevServerConfiguration, port: UInt16, seed: UInt64) -> String {
        var banner = "challenge-server listening on http://\(configuration.host):\(port) (seed \(seed))\n"
        if configuration.articlesFile == nil, case .success(0) = ArticlesValidator.validate(configuration.articlesJSON) {
            banner += "challenge-server: note: no sample articles are built in yet; GET /articles serves []\n"
        }
        return banner
    }

    /// The most an `--articles-file` may hold: 1 GiB, far over the largest feed the bench serves
    /// (100,000 articles, 59 MiB) and under what a test machine can hold twice.
    static let maximumArticlesFileBytes = 1 << 30

    /// Reads an `--articles-file` as every file the programs read is read (Docs/security.md,
    /// "Files"): a FIFO, a device or a folder refused at once, the size capped.
    static func readFile(_ path: String) throws -> Data {
        try BoundedFileReader.read(path, limit: maximumArticlesFileBytes)
    }

    /// Writes a message, every control and bidi character of the outside text in it escaped
    /// (`OutsideText`; Docs/security.md, "Outside text"): an argument or a file's contents quoted in
    /// it never acts on the terminal.
    private static func write(_ text: String, to handle: FileHandle) {
        if !text.isEmpty { try? handle.write(contentsOf: Data(OutsideText.escaped(text, keepingLineBreaks: true).utf8)) }
    }
}
