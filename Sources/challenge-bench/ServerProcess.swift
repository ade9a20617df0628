import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A server under measurement, started with its output going to a file (a server that logs
/// every request must not be slowed by whoever reads its log), found ready by the
/// "http://127.0.0.1:PORT" it prints.
final class ServerProcess {
    let process = Process()
    let port: UInt16
    private let logPath: String

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(path: String, arguments: [String], environment: [String: String], logPath: String) throws {
        self.logPath = logPath
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        guard let log = FileHandle(forWritingAtPath: logPath) else { throw Failure(description: "cannot write \(logPath)") }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = log
        process.standardError = log
        try process.run()
        try? log.close()
        var found: UInt16?
        for _ in 0..<500 {
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let port = ServerBench.port(in: text) { found = port; break }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        guard let found else {
            if process.isRunning { process.terminate() }
            let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw Failure(description: "did not say which port it listens on" + (text.isEmpty ? "" : ": \(text.prefix(200))"))
        }
        port = found
    }

    var pid: Int32 { process.processIdentifier }

    /// The most memory it has had resident so far (VmHWM), in bytes.
    var peakResidentBytes: UInt64? {
        (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)).flatMap { ProcessStats.field("VmHWM", in: $0) }.map { $0 * 1024 }
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: logPath)
    }
}
