import Foundation
import Testing
@testable import Core

/// A body read while it arrives: the reader sees the bytes in order and waits for those not yet
/// there, never more than the announced length is taken, a cut body ends the wait with what
/// came, and the buffer is handed over without a copy (Docs/performance.md, "Articles at scale").
@Suite(.timeLimit(.minutes(10))) struct IncomingBodyTests {
    private func append(_ text: String, to body: IncomingBody) -> Bool {
        Array(text.utf8).withUnsafeBytes { body.append($0) }
    }

    @Test func aWholeBodyIsThereAtOnceAndNeverWaits() {
        let body = IncomingBody(complete: Data("[1,2]".utf8))
        #expect(body.capacity == 5)
        #expect(body.arrived == 5)
        #expect(body.isFinished)
        #expect(body.wait(for: 100) == 5)
        #expect(!append("x", to: body), "nothing is added to a whole body")
        #expect(body.take(prefix: 3) == Data("[1,".utf8))
    }

    @Test func aReaderOnAnotherThreadGetsEveryByteInOrder() throws {
        let text = (0..<2_000).map { "line \($0)\n" }.joined()
        let body = IncomingBody(capacity: text.utf8.count)
        let seen = ReaderCopy()
        let reader = try #require(JoinableThread.start {
            // Byte by byte as far as it has come, waiting for the rest.
            var copied = 0
            while true {
                let arrived = body.wait(for: copied + 1)
                if arrived == copied { break }
                body.withUnsafeMutableBytes { raw in seen.append(UnsafeRawBufferPointer(rebasing: raw[copied..<arrived])) }
                copied = arrived
            }
        })
        var rest = Substring(text)
        while !rest.isEmpty {
            let piece = rest.prefix(777)
            #expect(append(String(piece), to: body))
            rest = rest.dropFirst(piece.count)
        }
        body.finish()
        reader.join()
        #expect(String(decoding: seen.bytes, as: UTF8.self) == text)
        #expect(body.isFinished)
    }

    @Test func moreThanTheAnnouncedLengthIsRefusedAndNothingAfterTheEnd() {
        let body = IncomingBody(capacity: 10)
        #expect(append("hello", to: body))
        #expect(!append("world!", to: body), "11 bytes into 10")
        #expect(body.arrived == 5)
        #expect(append("world", to: body))
        body.finish()
        #expect(!append("", to: body))
        #expect(body.take(prefix: 10) == Data("helloworld".utf8))
    }

    @Test func aBodyCutShortEndsTheWaitWithWhatCame() {
        let body = IncomingBody(capacity: 10)
        #expect(append("hell", to: body))
        #expect(!body.isFinished)
        body.finish()
        #expect(body.wait(for: 10) == 4)
        #expect(body.take(prefix: 4) == Data("hell".utf8))
    }

    @Test func aLargeBodyIsAlignedForLargePagesAndHandedOverWithoutACopy() throws {
        let size = 3 << 20
        let body = IncomingBody(capacity: size)
        let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
        for _ in 0..<3 { #expect(chunk.withUnsafeBytes { body.append($0) }) }
        body.finish()
        let start = body.withUnsafeMutableBytes { Int(bitPattern: $0.baseAddress) }
        #expect(start % (2 << 20) == 0, "every whole 2 MB of it can be one page")
        let data = body.take(prefix: size - 5)
        #expect(data.count == size - 5)
        #expect(data.withUnsafeBytes { Int(bitPattern: $0.baseAddress) } == start, "the same bytes, not a copy")
        #expect(data.allSatisfy { $0 == 0x61 })
    }

    @Test func aSmallBodyTakesOrdinaryMemory() {
        let body = IncomingBody(capacity: 3)
        #expect(append("abc", to: body))
        body.finish()
        #expect(body.take(prefix: 3) == Data("abc".utf8))
        #expect(IncomingBody(capacity: 0).take(prefix: 0).isEmpty)
    }

    @Test func aWholeBodyOfSharedDataIsRewrittenInACopyNotInTheOriginal() {
        let original = Data("abc".utf8)
        let body = IncomingBody(complete: original)
        body.withUnsafeMutableBytes { $0[0] = UInt8(ascii: "x") }
        #expect(original == Data("abc".utf8))
        #expect(body.take(prefix: 3) == Data("xbc".utf8))
    }
}

private final class ReaderCopy: @unchecked Sendable {
    private(set) var bytes: [UInt8] = []
    func append(_ raw: UnsafeRawBufferPointer) { bytes.append(contentsOf: raw) }
}
