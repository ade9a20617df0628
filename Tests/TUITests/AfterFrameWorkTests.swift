import Testing
import CoreTesting
@testable import TUI
import TUITesting

/// An app's work after a frame (a recording's digest) waits `EventLoop.afterFrameDelay` with the
/// loop asleep, or until anything wakes it, and is never lost (Docs/performance.md, "The eighth
/// round").
@Suite(.timeLimit(.minutes(10))) struct AfterFrameWorkTests {
    @Test func workAfterAFrameWaitsForTheLoopToSleepAMoment() throws {
        let app = Digesting(worksAfterEachFrame: true)
        let time = ManualClock()
        let poller = ImmediatePoller(advancing: time)
        let loop = try EventLoop(
            app: app, terminal: HeadlessTerminal(size: Size(width: 80, height: 24)), configuration: .init(handlesSignals: false),
            poller: poller, time: .driven(by: time))
        try loop.start()
        #expect(app.presented.isEmpty)
        #expect(loop.pollTimeout == EventLoop<Digesting>.afterFrameDelay)
        #expect(loop.step() == nil)
        // The wait slept the delay; the frame's work was done as it ended, and nothing else waits.
        #expect(poller.timeouts == [EventLoop<Digesting>.afterFrameDelay])
        #expect(app.presented == [1])
        #expect(loop.pollTimeout == nil)
    }

    @Test func aKeyThatComesFirstFindsTheWorkDone() throws {
        let app = Digesting(worksAfterEachFrame: true)
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        let time = ManualClock()
        let loop = try EventLoop(
            app: app, terminal: terminal, configuration: .init(handlesSignals: false),
            poller: ImmediatePoller(advancing: time, hasPendingInput: { terminal.hasPendingKeys }), time: .driven(by: time))
        try loop.start()
        terminal.enqueue(.down)
        #expect(loop.step() == nil)
        // The first frame's work, then the key, then the second frame, whose work waits.
        #expect(app.log == ["presented 1", "key ↓"])
        loop.stop()
        #expect(app.log == ["presented 1", "key ↓", "presented 2"])
    }

    @Test func anAppWithNothingToDoAfterAFrameIsToldAtOnce() throws {
        let app = Digesting(worksAfterEachFrame: false)
        let time = ManualClock()
        let loop = try EventLoop(
            app: app, terminal: HeadlessTerminal(size: Size(width: 80, height: 24)), configuration: .init(handlesSignals: false),
            poller: ImmediatePoller(advancing: time), time: .driven(by: time))
        try loop.start()
        #expect(app.presented == [1])
        #expect(loop.pollTimeout == nil)
    }
}

/// Counts its frames and records when it is told each one is on the terminal.
private final class Digesting: TerminalApp {
    let worksAfterEachFrame: Bool
    private var frames = 0
    private(set) var presented: [Int] = []
    private(set) var log: [String] = []

    init(worksAfterEachFrame: Bool) { self.worksAfterEachFrame = worksAfterEachFrame }

    func handle(_ key: Key, _ context: RunContext<Void>) { log.append("key \(key)") }
    func handle(_ message: Void, _ context: RunContext<Void>) {}

    func render(into canvas: inout Canvas) -> Point? {
        frames += 1
        canvas.put("frame \(frames)", at: .zero)
        return nil
    }

    func presented(_ canvas: Canvas, cursor: Point?) {
        presented.append(frames)
        log.append("presented \(frames)")
    }
}
