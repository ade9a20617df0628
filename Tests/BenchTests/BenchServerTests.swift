import Contract
import CoreTesting
import Foundation
import Glibc
import Testing
@testable import challenge_bench

/// Every bench starts challenge-server the one way (`BenchContext.startServer`): on loopback and
/// a port it picked, with the articles it was given, its log in the scratch folder.
@Suite(.timeLimit(.minutes(10))) struct BenchServerTests {
    @Test func theServerStartsOnAFreePortWithTheArticlesGivenAndLogsInTheScratchFolder() throws {
        let scratch = TemporaryDirectory()
        let server = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("challenge-server")
        let context = BenchContext(
            options: BenchOptions(), tuiPath: "/nonexistent", serverPath: server.path, dialogPath: nil, nodePath: nil,
            scratch: scratch.path)
        let articles = SampleArticles.articles(count: 3, seed: 7)
        let file = scratch.file("three.json")
        #expect(FileManager.default.createFile(atPath: file, contents: SampleArticles.json(for: articles)))
        let process = try context.startServer(articlesFile: file, log: "server.log")
        defer { process.stop() }
        #expect(process.port != 0)
        #expect(FileManager.default.fileExists(atPath: scratch.file("server.log")))

        let fd = LoopbackSocket.connect(port: process.port, blocking: true)
        try #require(fd >= 0)
        defer { close(fd) }
        let request = Array("GET /articles HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        #expect(write(fd, request, request.count) == request.count)
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(articles.allSatisfy { text.contains($0.title) }, "the file's articles, not the sample")
    }
}
