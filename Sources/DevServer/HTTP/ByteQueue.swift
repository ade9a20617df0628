import Foundation

/// Bytes in arrival order, consumed from the front without moving the rest each time: a
/// connection's input and its output.
struct ByteQueue {
    private(set) var storage: [UInt8] = []
    private var start = 0

    var count: Int { storage.count - start }
    var isEmpty: Bool { start == storage.count }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compactIfWorthIt()
        storage.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    /// Lets `write` append in place (a response serializes itself straight into the queue).
    mutating func appending(_ write: (inout [UInt8]) -> Void) {
        compactIfWorthIt()
        write(&storage)
    }

    mutating func consume(_ count: Int) {
        start += count
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
    }

    /// The first `count` bytes as Data (a request body).
    func prefix(_ count: Int) -> Data {
        storage.withUnsafeBufferPointer { Data(buffer: UnsafeBufferPointer(rebasing: $0[start..<(start + count)])) }
    }

    func withUnread<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    /// Moves what is left to the front once more than half of the storage is consumed bytes.
    private mutating func compactIfWorthIt() {
        if start > 0, start >= storage.count - start {
            storage.removeFirst(start)
            start = 0
        }
    }
}
