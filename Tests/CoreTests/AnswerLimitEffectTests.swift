import CoreTesting
import Foundation
import Testing
@testable import Core

/// The answer limits protect the app, not only report: past the body limit (counted
/// decompressed) or the header limit, the transfer stops, so no more than the limit and one of
/// libcurl's chunks is ever taken in (Docs/security.md, "HTTP answers").
/// `CurlHTTPClientHostileAnswerTests` checks the errors; these measure what libcurl handed
/// over (`CurlTransfer.bodyBytesReceived`, `receivedHeaderBytes`, counted before the limit is
/// applied). A client that read a hostile answer to its end and only then said "too large"
/// passes those and fails these.
@Suite(.timeLimit(.minutes(10))) struct AnswerLimitEffectTests {
    static let limit = 1 << 20
    /// libcurl hands the body over at most 16 KB at a time (CURL_MAX_WRITE_SIZE), decoded or not.
    static let chunk = 16 * 1024
    static let hostile = 32 << 20

    /// One transfer, run on a thread of its own (it blocks until libcurl is done).
    private func transfer(_ path: String, limit: Int = limit) async throws -> (CurlTransfer, Result<HTTPResponse, APIError>) {
        let server = try LocalHTTPServer.shared.get()
        let transfer = CurlTransfer(request: HTTPRequest(url: server.url(path)), backstop: .seconds(30), time: .system, limit: limit)
        let result = try await offThePool { transfer.run() }
        return (transfer, result)
    }

    @Test func aTooLargeAnswerStopsWithinTheLimitAndOneChunk() async throws {
        let (transfer, result) = try await transfer("/big?bytes=\(Self.hostile)")
        #expect(result == .failure(.responseTooLarge(limit: Self.limit)))
        // An answer that announces more than the limit is refused at its headers, before a byte
        // of its body; one that doesn't (the bomb below) is cut within the limit and one chunk.
        #expect(transfer.bodyBytesReceived <= Self.limit + Self.chunk,
                "took \(transfer.bodyBytesReceived) bytes of a \(Self.hostile)-byte answer with a \(Self.limit)-byte limit")
    }

    @Test func aCompressionBombStopsWithinTheLimitAndOneChunkOfInflatedBytes() async throws {
        // 32 MB of zeros, about 32 KB on the wire.
        let (transfer, result) = try await transfer("/bomb?bytes=\(Self.hostile)")
        #expect(result == .failure(.responseTooLarge(limit: Self.limit)))
        #expect(transfer.bodyBytesReceived <= Self.limit + Self.chunk,
                "inflated \(transfer.bodyBytesReceived) bytes with a \(Self.limit)-byte limit")
    }

    @Test func endlessHeadersStopAtTheirLimitAndOneLine() async throws {
        // 10,000 lines of about 115 bytes: 1.1 MB of headers.
        let (transfer, result) = try await transfer("/headers?count=10000")
        #expect(result == .failure(.undecodable("the server's answer has more than 64 KB of headers")))
        #expect(transfer.receivedHeaderBytes > CurlTransfer.maximumHeaderBytes)
        #expect(transfer.receivedHeaderBytes <= CurlTransfer.maximumHeaderBytes + 1024,
                "took \(transfer.receivedHeaderBytes) bytes of header lines")
    }

    @Test func anAnswerWithinTheLimitIsCountedWhole() async throws {
        // The measure itself: what is taken is what arrived.
        let (transfer, result) = try await transfer("/big?bytes=\(Self.limit)")
        #expect(try result.get().body.count == Self.limit)
        #expect(transfer.bodyBytesReceived == Self.limit)
    }
}
