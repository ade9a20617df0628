import Core
import TUI

/// The last events of a screen, each with the feature's value right after it: what the timeline
/// (`t`) lists and draws in place of the live screen (Docs/recording.md, "The timeline"). A ring:
/// the newest `capacity` events are kept, the oldest dropped. The feature values share their
/// storage where they did not change (copy on write), so the ring costs little more than what
/// changed.
package struct TimelineRing<F: Feature> {
    package struct Entry {
        package var sequence: Int
        package var time: Duration
        package var event: F.Event
        package var feature: F
    }

    /// The most events kept.
    package static var capacity: Int { 1000 }

    private var entries: [Entry] = []
    /// Where the oldest entry is, once the ring is full.
    private var head = 0
    private var next = 1

    /// Kept beside the entries: the shell asks at every key, from code that is generic over the
    /// feature, where `entries.count` looked up the type of an entry first.
    package private(set) var count = 0

    package mutating func append(_ event: F.Event, at time: Duration, leaving feature: F) {
        // Each entry made where it is stored: made first and stored after, it was copied (every
        // reference in the feature retained) and the first made destroyed, at every event.
        defer { next += 1 }
        if entries.count < Self.capacity {
            entries.append(Entry(sequence: next, time: time, event: event, feature: feature))
            count = entries.count
        } else {
            entries[head] = Entry(sequence: next, time: time, event: event, feature: feature)
            head = (head + 1) % Self.capacity
        }
    }

    /// The events' numbers and times, oldest first.
    package var rows: [TimelineRow] {
        (entries[head...] + entries[..<head]).map { TimelineRow(sequence: $0.sequence, time: $0.time) }
    }

    package func entry(_ sequence: Int) -> Entry? {
        guard let first = entries.isEmpty ? nil : entries[head].sequence, sequence >= first, sequence < next else { return nil }
        return entries[(head + sequence - first) % entries.count]
    }
}

/// One event as the timeline lists it: its number (counting every event the screen had) and
/// its time.
public struct TimelineRow: Hashable, Sendable {
    package var sequence: Int
    package var time: Duration
}

/// A screen with a timeline: its events, and how it looked right after each. Public only so that
/// `Screen.timelineScreen` can name it.
public protocol TimelineScreen: Screen {
    /// Oldest first.
    var timeline: [TimelineRow] { get }
    /// How many events it keeps (what `timeline` would list, without listing them).
    var timelineCount: Int { get }
    /// What event `sequence` was (and led to), for its row; empty once it is no longer kept.
    func timelineName(_ sequence: Int) -> String
    /// Draws the screen as it was right after event `sequence`, at that event's time; false when
    /// that event is no longer kept.
    func renderPast(_ sequence: Int, in rect: Rect, on canvas: inout Canvas) -> Bool
}

extension Feature {
    /// An answer as the network inspector's status column says it: `200`, `500`, `timeout`.
    package static func answer(_ error: APIError?) -> String {
        InspectorModel.status(error.map { .failure($0) } ?? .response(status: 200))
    }

    package static func answer<T>(_ result: Result<T, APIError>) -> String {
        if case .failure(let error) = result { return answer(error) }
        return answer(nil)
    }

    /// The timeline's name of `event`, by default its case: `select(down)`, `domain(retry)`.
    package func timelineName(of event: Event, at now: Duration) -> String {
        Self.caseName(of: event)
    }

    /// `event`'s case and, for a case holding another enum, that one's case: `select down`,
    /// `domain retry`. Read with `Mirror`, so a payload (a list of 100,000 articles) is never
    /// written out to be cut; a value that hides itself from mirrors (a password's edit) gives
    /// its own description.
    package static func caseName(of event: Any) -> String {
        let mirror = Mirror(reflecting: event)
        guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label else {
            return String(describing: event)
        }
        var value = child.value
        let payload = Mirror(reflecting: value)
        if payload.displayStyle == .tuple, let first = payload.children.first { value = first.value }
        let inner = Mirror(reflecting: value)
        guard inner.displayStyle == .enum else { return label }
        return "\(label) \(inner.children.first?.label ?? String(describing: value))"
    }
}
