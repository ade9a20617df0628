import Foundation

/// Bytes in arrival order, consumed from the front without moving the rest each time: a
/// connection's input and its output.
///
/// An output may end in a large answer body that is sent from where it is (`append(body:)`):
/// the route's own bytes, shared, so a 61 MB article feed is not copied for every request
/// (Docs/server.md, "Performance").
struct ByteQueue {
    private(set) var storage: [UInt8] = []
    private var start = 0
    /// A body after `storage`'s bytes, and how much of it is sent.
    private var body = Data()
    private var bodyStart = 0

    var count: Int { storage.count - start + body.count - bodyStart }
    var isEmpty: Bool { start == storage.count && bodyStart == body.count }
    /// A body waits at the end: nothing more may be queued until it has gone.
    var endsInBody: Bool { bodyStart < body.count }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        precondition(!endsInBody)
        compactIfWorthIt()
        storage.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    /// Lets `write` append in place (a response serializes itself straight into the queue).
    mutating func appending(_ write: (inout [UInt8]) -> Void) {
        precondition(!endsInBody)
        compactIfWorthIt()
        write(&storage)
    }

    /// Queues `data` after the bytes, without copying it.
    mutating func append(body data: Data) {
        precondition(!endsInBody)
        body = data
        bodyStart = 0
    }

    mutating func consume(_ count: Int) {
        let fromBytes = min(count, storage.count - start)
        start += fromBytes
        if count > fromBytes {
            bodyStart += count - fromBytes
            if bodyStart >= body.count {
                body = Data()
                bodyStart = 0
            }
        }
        if start >= storage.count {
            // Empty again: keep a small allocation for the next request, give a big one back so
            // ten thousand idle connections cost little.
            storage.removeAll(keepingCapacity: storage.capacity <= 16 * 1024)
            start = 0
        }
    }

    mutating func removeAll() {
        storage.removeAll()
        start = 0
        body = Data()
        bodyStart = 0
    }

    /// The first `count` bytes as Data (a request body).
    func prefix(_ count: Int) -> Data {
        storage.withUnsafeBufferPointer { Data(buffer: UnsafeBufferPointer(rebasing: $0[start..<(start + count)])) }
    }

    /// The next bytes to send: the queued bytes, then the body's.
    func withUnread<Result>(_ work: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if start == storage.count, bodyStart < body.count {
            return body.withUnsafeBytes { raw in work(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[bodyStart...])) }
        }
        return storage.withUnsafeBufferPointer { work(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    /// Moves what is left to the front once more than half of the storage is consumed bytes.
    private mutating func compactIfWorthIt() {
        if start > 0, start >= storage.count - start {
            storage.removeFirst(start)
            start = 0
        }
    }
}
