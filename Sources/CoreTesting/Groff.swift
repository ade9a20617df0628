import Foundation

/// Renders man pages with groff the way man(1) does, to find what groff warns about.
public enum Groff {
    /// Where groff is, if installed (`.ci/run` installs it).
    public static let path: String? = ["/usr/bin/groff", "/usr/local/bin/groff", "/bin/groff"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// What `groff -man -Tutf8 -ww` says on stderr about `page` ("" when nothing), and the plain
    /// rendered text (no bold or underlining: `-P-cbou`).
    public static func render(_ page: String) throws -> (warnings: String, text: String) {
        guard let path else { throw CocoaError(.executableNotLoadable) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-man", "-Tutf8", "-ww", "-P-cbou"]
        process.environment = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read both pipes while groff runs: a page longer than a pipe's buffer would block it.
        let text = Locked(Data()), warnings = Locked(Data())
        let group = DispatchGroup()
        for (pipe, sink) in [(output, text), (errors, warnings)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(pipe.fileHandleForReading.readDataToEndOfFile())
                group.leave()
            }
        }
        input.fileHandleForWriting.write(Data(page.utf8))
        try input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return (String(decoding: warnings.value, as: UTF8.self), String(decoding: text.value, as: UTF8.self))
    }

    private final class Locked: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Data
        init(_ value: Data) { stored = value }
        func set(_ value: Data) { lock.withLock { stored = value } }
        var value: Data { lock.withLock { stored } }
    }
}
