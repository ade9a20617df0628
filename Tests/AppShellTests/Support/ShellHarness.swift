import Core
import Foundation
import TUI
import CoreTesting
@testable import AppShell

/// The whole app, headless: the real shell and screens on a `HeadlessTerminal`, the event loop
/// stepped by hand (`ManualPoller`: it never blocks), and the domain's time on a `ManualClock`.
/// Tests type keys, let background effects deliver their events, and read the screen.
final class ShellHarness {
    let terminal: HeadlessTerminal
    let time = ManualTime()
    let clock = ManualClock()
    let environment: AppEnvironment
    let shell: ChallengeShell
    let loop: EventLoop<ChallengeShell>

    /// A scenario where every endpoint answers at once and succeeds.
    static let instantScenario = Scenario(
        name: "instant", description: "everything answers at once", experiment: nil,
        defaults: .instant, endpoints: [:])

    init(
        options: LaunchOptions = LaunchOptions(), scenario: Scenario = ShellHarness.instantScenario,
        size: Size = Size(width: 80, height: 24), store: any RecordStore = InMemoryRecordStore(),
        storeProblem: StoreError? = nil, configuration: AppConfiguration = .defaults
    ) throws {
        let terminal = HeadlessTerminal(size: size)
        self.terminal = terminal
        environment = AppEnvironment(
            options: options, configuration: configuration, scenario: scenario, clock: clock, store: store,
            storeProblem: storeProblem)
        shell = ChallengeShell(environment: environment, makeScreen: ChallengeScreens.make(environment))
        loop = try EventLoop(
            app: shell, terminal: terminal, configuration: .init(handlesSignals: false),
            poller: ManualPoller(time: time, hasPendingInput: { terminal.hasPendingKeys }), clock: time.clock)
        try loop.start()
    }

    deinit { loop.stop() }

    var lines: [String] { terminal.lines }
    var screen: String { terminal.lines.joined(separator: "\n") }

    func contains(_ text: String) -> Bool { terminal.lines.contains { $0.contains(text) } }

    /// Types keys, one loop turn each.
    @discardableResult
    func press(_ keys: Key...) -> EventLoopExit? {
        var exit: EventLoopExit?
        for key in keys {
            terminal.enqueue(key)
            exit = loop.step()
        }
        return exit
    }

    /// Types text as printable keys.
    func type(_ text: String) {
        for character in text { press(.char(character)) }
    }

    /// Turns the loop until `condition` holds, letting background effects (tasks) run and post
    /// their events. Bounded: a condition that never holds fails with the screen in the message.
    @discardableResult
    func settle(until what: String = "the condition", _ condition: (ShellHarness) -> Bool) async throws -> [String] {
        for _ in 0..<5_000 {
            _ = loop.step()
            if condition(self) { return lines }
            await Task.yield()
            try await Task.sleep(for: .microseconds(200))
        }
        throw HarnessFailure(description: "never saw \(what); the screen was:\n\(screen)")
    }

    /// Waits until `text` is on screen.
    @discardableResult
    func waitFor(_ text: String) async throws -> [String] {
        try await settle(until: "'\(text)'") { $0.contains(text) }
    }

    /// Moves the domain's clock (timers, mock delays, backoff) and lets what woke up run.
    func advance(by duration: Duration) async throws {
        clock.advance(by: duration)
        for _ in 0..<20 {
            _ = loop.step()
            await Task.yield()
        }
    }

    func resize(to size: Size) {
        terminal.resize(to: size)
        _ = loop.step()
    }
}

struct HarnessFailure: Error, CustomStringConvertible {
    var description: String
}
