/// Pending timers, each with an id, a deadline (time since the loop started, on its clock) and
/// the message it delivers. Scheduling an id
/// again replaces its timer. Due timers come out in deadline order (ties: scheduling order).
struct TimerQueue<Message> {
    private struct Entry {
        var id: String
        var deadline: Duration
        var sequence: Int
        var message: Message
    }

    private var entries: [Entry] = []
    private var nextSequence = 0

    var isEmpty: Bool { entries.isEmpty }
    var ids: [String] { entries.sorted(by: Self.order).map(\.id) }

    mutating func schedule(_ id: String, at deadline: Duration, _ message: Message) {
        cancel(id)
        entries.append(Entry(id: id, deadline: deadline, sequence: nextSequence, message: message))
        nextSequence += 1
    }

    mutating func cancel(_ id: String) { entries.removeAll { $0.id == id } }

    func contains(_ id: String) -> Bool { entries.contains { $0.id == id } }

    func deadline(of id: String) -> Duration? { entries.first { $0.id == id }?.deadline }

    /// A loop rather than `map(\.deadline).min()`: it is asked before every `poll`, and the
    /// generic key path and array cost a key press more than the rest of its timer work.
    var nextDeadline: Duration? {
        var earliest: Duration?
        for entry in entries where earliest.map({ entry.deadline < $0 }) ?? true { earliest = entry.deadline }
        return earliest
    }

    /// Removes and returns the timers due at `now`, earliest first.
    mutating func popDue(at now: Duration) -> [(id: String, message: Message)] {
        // Most turns have none due: answered by the deadline loop, with no array made or sorted.
        guard let next = nextDeadline, next <= now else { return [] }
        let due = entries.filter { $0.deadline <= now }.sorted(by: Self.order)
        guard !due.isEmpty else { return [] }
        entries.removeAll { $0.deadline <= now }
        return due.map { ($0.id, $0.message) }
    }

    private static func order(_ a: Entry, _ b: Entry) -> Bool {
        (a.deadline, a.sequence) < (b.deadline, b.sequence)
    }
}
