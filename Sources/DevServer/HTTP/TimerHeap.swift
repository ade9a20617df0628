/// The deadlines of one event loop, earliest first: a binary min-heap. An entry names a
/// connection by descriptor and serial (descriptors are reused); an entry whose connection is
/// gone, or whose time has moved, is simply dropped when it comes up, so nothing is ever
/// removed from the middle (see Docs/server.md, "Timers").
struct TimerHeap {
    struct Entry: Equatable {
        var deadline: UInt64
        var fd: Int32
        var serial: UInt64
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }
    var earliest: UInt64? { entries.first?.deadline }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// The earliest entry if it is due at `now`.
    mutating func popDue(at now: UInt64) -> Entry? {
        guard let first = entries.first, first.deadline <= now else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            let right = left + 1
            let smaller = right < entries.count && entries[right].deadline < entries[left].deadline ? right : left
            guard entries[smaller].deadline < entries[parent].deadline else { break }
            entries.swapAt(smaller, parent)
            parent = smaller
        }
        return first
    }

    mutating func removeAll() { entries.removeAll() }
}
