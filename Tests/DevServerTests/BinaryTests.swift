import Foundation
import Testing
@testable import DevServer

/// The built `challenge-server` binary, as a user runs it.
@Suite(.timeLimit(.minutes(10))) struct BinaryTests {
    /// Next to the test bundle in the build directory.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("challenge-server")
    }

    @Test func sigtermStopsTheServerAndExitsZero() throws {
        let binary = Self.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build challenge-server first: \(binary.path)")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--port", "0", "--seed", "3", "0", "true"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The first line names the port.
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let match = try #require(text.firstMatch(of: /listening on http:\/\/127\.0\.0\.1:(\d+) \(seed 3\)/))
        let port = try #require(UInt16(match.1))

        let connection = try RawConnection(port: port)
        connection.send(request("GET", "/rLogin"))
        #expect(try connection.readResponse()?.status == 200)

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("GET /rLogin 200"))
        #expect(text.contains("challenge-server: stopped"))
    }

    @Test func badArgumentsExitTwo() throws {
        let binary = Self.binary
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build challenge-server first: \(binary.path)")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["3", "perhaps"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(message.hasPrefix("challenge-server: Y = perhaps"))
    }
}
