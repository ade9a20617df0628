@testable import AppShell
import Core
import Testing
import TUI

/// The host keeps its feature in memory of its own and answers the shell's questions from it in
/// place (Docs/performance.md, "The fifth round"): what it answers follows every change, however
/// made, and the feature goes when the host does.
@Suite(.timeLimit(.minutes(10)))
struct FeatureHostStorageTests {
    /// Something the feature holds, to see it released.
    final class Held: Sendable {}

    enum Event: Sendable, Equatable { case appeared, left, toggle }
    enum NoEffect: RunnableEffect, Equatable {}

    struct Switch: RecordableFeature {
        typealias Effect = NoEffect
        typealias Target = Never
        var isOn = false
        let held: Held

        static var appeared: Event { .appeared }
        static var left: Event { .left }

        mutating func reduce(_ event: Event, at now: Duration) -> [NoEffect] {
            if event == .toggle { isOn.toggle() }
            return []
        }

        var perform: EffectRunner<NoEffect, Event>.Perform { { _, _ in } }
        var isAnimating: Bool { false }
        func command(for mouse: MouseEvent, on target: Never) -> FeatureCommand<Event>? {}
        func spoken(at now: Duration) -> Spoken { Spoken(place: isOn ? "On." : "Off.") }

        var keyMap: KeyMap<Switch, FeatureCommand<Event>> { Self.keys }
        static let keys = KeyMap<Switch, FeatureCommand<Event>>("Switch", [
            KeyBinding(
                [.char("t")], bar: "t", label: "toggle", help: "switch it", barLabel: { $0.isOn ? "turn off" : "turn on" },
                action: { _, _ in .send(.toggle) }),
            // Esc is the switch's own while it is on.
            KeyBinding([.escape], bar: "Esc", label: "off", help: "turn it off", when: { $0.isOn }, action: { _, feature in feature.isOn ? .send(.toggle) : nil }),
        ])

        func render(in area: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
            canvas.put(isOn ? "on" : "off", at: area.origin)
            return nil
        }

        static func recordAnswer(_ event: Event, blobs: SessionBlobs) -> JSONValue? { nil }
        static func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> Event {
            throw reader.error("no answers")
        }
    }

    @Test func whatTheHostAnswersFollowsAChangeMadeOutsideTheReducer() {
        let host = FeatureHost(Switch(held: Held()))
        #expect(host.keyBarItems.map(\.label) == ["turn on"])
        #expect(!host.takesEscape)
        // Asked twice with nothing between: the kept answers.
        #expect(host.keyBarItems.map(\.label) == ["turn on"])

        host.replaceFeature { $0.isOn = true }
        #expect(host.feature.isOn)
        #expect(host.keyBarItems.map(\.label) == ["turn off", "off"])
        #expect(host.takesEscape)
        var canvas = Canvas(size: Size(width: 4, height: 1))
        _ = host.render(in: canvas.bounds, on: &canvas, at: .zero)
        #expect(canvas.lines[0].hasPrefix("on"))
    }

    @Test func theFeatureIsReleasedWithItsHost() {
        weak var held: Held?
        do {
            let value = Held()
            held = value
            let host = FeatureHost(Switch(held: value))
            host.replaceFeature { $0.isOn = true }
            #expect(host.feature.held === value)
        }
        #expect(held == nil)
    }
}
