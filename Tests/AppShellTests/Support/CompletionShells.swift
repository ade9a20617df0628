@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import CommandLineKit
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording

/// Runs the real shells on challenge-tui's generated completion scripts (Docs/installing.md).
enum CompletionShells {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The shell's executable, or nil where it is not installed.
    static func path(_ shell: String) -> String? {
        ["/usr/bin/\(shell)", "/bin/\(shell)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes `shell`'s script for challenge-tui into `folder` as `name` and returns its path.
    @discardableResult
    static func writeScript(_ shell: CompletionShell, into folder: String, as name: String) throws -> String {
        let script = folder + "/" + name
        try CompletionScript.render(LaunchInterface.interface, for: shell).write(toFile: script, atomically: true, encoding: .utf8)
        return script
    }

    /// Runs `executable arguments` in `directory` with only `environment`, and returns what it
    /// wrote to stdout; a status other than 0 throws with what it wrote to stderr.
    static func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // stderr is read on another thread, so neither pipe can fill while the other is read.
        let errorText = OffThreadRead(errors.fileHandleForReading)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let said = String(decoding: errorText.wait(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(executable) ended with status \(process.terminationStatus): \(said)")
        }
        return data
    }

    /// NUL-separated fields, the last one ended by a NUL too.
    static func nulSeparated(_ data: Data) -> [String] {
        var fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if fields.last == "" { fields.removeLast() }
        return fields
    }
}

extension CompletionShells {
    /// A driver's account of the matches: for each, the number of words the shell made of it,
    /// then those words, every field ended by a NUL.
    static func wordsPerMatch(_ data: Data) -> [[String]] {
        var fields = nulSeparated(data)[...]
        var matches: [[String]] = []
        while let count = fields.popFirst().flatMap({ Int($0) }) {
            matches.append(Array(fields.prefix(count)))
            fields = fields.dropFirst(count)
        }
        return matches
    }
}

/// Reads a file handle to its end on a thread of its own.
private final class OffThreadRead: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
