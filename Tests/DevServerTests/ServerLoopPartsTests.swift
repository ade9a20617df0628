import Foundation
import Glibc
import Testing
@testable import DevServer

/// The event loop's parts on their own: the timer heap, the byte queue, the clock's rounding,
/// both pollers.
@Suite(.timeLimit(.minutes(10))) struct ServerLoopPartsTests {
    @Test func theTimerHeapHandsOutDueEntriesEarliestFirst() {
        var heap = TimerHeap()
        var random = SplitMix(seed: 7)
        let deadlines = (0..<500).map { _ in random.next() % 10_000 }
        for (index, deadline) in deadlines.enumerated() { heap.push(.init(deadline: deadline, fd: Int32(index), serial: 0)) }
        #expect(heap.count == 500)
        #expect(heap.popDue(at: deadlines.min()! - 1) == nil || deadlines.min()! == 0)
        var popped: [UInt64] = []
        while let entry = heap.popDue(at: 5_000) { popped.append(entry.deadline) }
        #expect(popped == deadlines.filter { $0 <= 5_000 }.sorted())
        #expect(heap.earliest == deadlines.filter { $0 > 5_000 }.min())
        heap.removeAll()
        #expect(heap.isEmpty)
    }

    @Test func theByteQueueConsumesFromTheFrontAndCompacts() {
        var queue = ByteQueue()
        let chunk = Array(repeating: UInt8(ascii: "a"), count: 100)
        chunk.withUnsafeBytes { queue.append($0) }
        queue.consume(60)
        #expect(queue.count == 40)
        Array("bc".utf8).withUnsafeBytes { queue.append($0) }  // compacts: 60 consumed > 40 left
        #expect(queue.storage.count == 42)
        #expect(queue.prefix(2) == Data("aa".utf8))
        #expect(queue.withUnread { Array($0.suffix(2)) } == Array("bc".utf8))
        queue.consume(42)
        #expect(queue.isEmpty && queue.storage.isEmpty)
    }

    /// A large body goes out after its head from where it is (the route's own bytes, shared),
    /// and nothing is queued behind it until it has gone.
    @Test func aLargeBodyIsSentFromWhereItIsAfterItsHead() {
        var queue = ByteQueue()
        let body = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0) })
        ServerResponse.json(200, body).write(into: &queue, keepAlive: true)
        #expect(queue.endsInBody)
        let head = queue.withUnread { Array($0) }
        #expect(String(decoding: head, as: UTF8.self).hasSuffix("Content-Length: 100000\r\nConnection: keep-alive\r\n\r\n"))
        #expect(queue.count == head.count + body.count)
        queue.consume(head.count + 10)
        let bodyStart = body.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
        #expect(queue.withUnread { Int(bitPattern: $0.baseAddress) } == bodyStart + 10, "the body's own bytes, not a copy")
        #expect(queue.withUnread { Array($0.prefix(3)) } == [10, 11, 12])
        queue.consume(body.count - 10)
        #expect(queue.isEmpty && !queue.endsInBody)
        // A small answer still goes in one piece.
        ServerResponse.text(200, "ok").write(into: &queue, keepAlive: false)
        #expect(!queue.endsInBody)
        #expect(String(decoding: queue.withUnread { Array($0) }, as: UTF8.self).hasSuffix("\r\n\r\nok"))
        queue.removeAll()
        #expect(queue.isEmpty)
    }

    @Test func theMonotonicClockRoundsWaitsUpAndNeverBelowZero() {
        #expect(TimeSourceLoopClock.milliseconds(from: 10, to: 5) == 0)
        #expect(TimeSourceLoopClock.milliseconds(from: 0, to: 1) == 1, "a nanosecond away is a millisecond's wait, not a spin")
        #expect(TimeSourceLoopClock.milliseconds(from: 0, to: 200_100_000) == 201)
        #expect(TimeSourceLoopClock.milliseconds(from: 0, to: UInt64.max) == Int32.max)
        let clock = TimeSourceLoopClock(.system)
        #expect(clock.waitMilliseconds(from: 0, until: nil) == -1)
        let now = clock.now()
        #expect(clock.now() >= now)
        #expect(clock.waitMilliseconds(from: now, until: now + 50_000_000) == 50)
    }

    @Test(arguments: [false, true])
    func bothPollersReportReadinessAndForgetClosedDescriptors(useEpoll: Bool) throws {
        let poller: any ReadinessPoller = useEpoll ? try EpollReadinessPoller() : PollReadinessPoller()
        defer { poller.close() }
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        try poller.add(pair[0], .readable)
        #expect(try poller.wait(timeoutMilliseconds: 0) == 0)
        var byte: UInt8 = 1
        #expect(write(pair[1], &byte, 1) == 1)
        #expect(try poller.wait(timeoutMilliseconds: 1000) == 1)
        #expect(poller.event(at: 0) == ReadinessEvent(fd: pair[0], readable: true, writable: false, failed: false))
        try poller.modify(pair[0], [.readable, .writable])
        #expect(try poller.wait(timeoutMilliseconds: 1000) == 1)
        #expect(poller.event(at: 0).writable)
        poller.remove(pair[0])
        #expect(try poller.wait(timeoutMilliseconds: 0) == 0)
        #expect(throws: SystemError.self) { try poller.modify(pair[0], .readable) }
        try poller.add(pair[0], .readable)
        #expect(throws: SystemError.self) { try poller.add(pair[0], .readable) }
        poller.willClose(pair[0])
    }

    @Test func aSystemErrorNamesTheCallAndTheReason() {
        #expect(SystemError(call: "accept", code: EMFILE).text == "accept failed: Too many open files")
    }
}
