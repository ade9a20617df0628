import Glibc
import Synchronization
import Testing
import CoreTesting
@testable import TUI
import TUITesting

/// An app that records what it is given and draws a fixed screen.
private final class Probe: TerminalApp {
    typealias Message = String
    var events: [String] = []
    var renders = 0
    var onStart: (RunContext<String>) -> Void = { _ in }
    var onKey: (Key, RunContext<String>) -> Void = { _, _ in }
    var onMessage: (String, RunContext<String>) -> Void = { _, _ in }

    func start(_ context: RunContext<String>) { onStart(context) }

    func handle(_ key: Key, _ context: RunContext<String>) {
        events.append("key \(key)")
        onKey(key, context)
    }

    func handle(_ message: String, _ context: RunContext<String>) {
        events.append(message)
        onMessage(message, context)
    }

    func render(into canvas: inout Canvas) -> Point? {
        renders += 1
        canvas.put("events: \(events.count)", at: .zero)
        return Point(x: 1, y: 1)
    }
}

private struct Harness {
    let app = Probe()
    let terminal: HeadlessTerminal
    /// The loop's clock; a wait with nothing to read moves it by the timeout, as time would pass.
    let time = ManualClock()
    let poller: ImmediatePoller
    let loop: EventLoop<Probe>

    init(
        size: Size = Size(width: 80, height: 24), configuration: EventLoop<Probe>.Configuration = .init(handlesSignals: false),
        configure: (Probe) -> Void = { _ in }
    ) throws {
        terminal = HeadlessTerminal(size: size)
        let terminal = terminal
        poller = ImmediatePoller(advancing: time, hasPendingInput: { terminal.hasPendingKeys })
        configure(app)
        loop = try EventLoop(app: app, terminal: terminal, configuration: configuration, poller: poller, time: .driven(by: time))
    }
}

@Suite(.timeLimit(.minutes(10))) struct EventLoopTests {
    @Test func timersFireInDeadlineOrder() throws {
        let h = try Harness {
            $0.onStart = { context in
                context.schedule("late", after: .seconds(2), "late")
                context.schedule("early", after: .seconds(1), "early")
                context.schedule("tie", after: .seconds(1), "tie") // same deadline, scheduled after
            }
        }
        try h.loop.start()
        #expect(h.loop.context.scheduledTimers == ["early", "tie", "late"])
        #expect(h.loop.step() == nil)
        #expect(h.app.events == ["early", "tie"])
        #expect(h.loop.step() == nil)
        #expect(h.app.events == ["early", "tie", "late"])
        #expect(h.poller.timeouts == [.seconds(1), .seconds(1)])
    }

    @Test func reschedulingReplacesAndCancelRemoves() throws {
        let h = try Harness {
            $0.onStart = { context in
                context.schedule("a", after: .seconds(1), "first")
                context.schedule("a", after: .seconds(3), "second")
                context.schedule("b", at: context.now + .seconds(2), "b")
                context.cancel("b")
            }
        }
        try h.loop.start()
        #expect(h.loop.context.isScheduled("a") && !h.loop.context.isScheduled("b"))
        _ = h.loop.step()
        #expect(h.app.events == ["second"])
        #expect(h.poller.timeouts == [.seconds(3)])
        #expect(!h.loop.context.isScheduled("a"))
    }

    @Test func aTimerScheduledWithNoDelayFiresInTheSameTurn() throws {
        let h = try Harness {
            $0.onKey = { _, context in context.schedule("now", after: .zero, "fired") }
        }
        try h.loop.start()
        h.terminal.enqueue(.enter)
        _ = h.loop.step()
        #expect(h.app.events == ["key Enter", "fired"])
    }

    @Test func idleLoopSleepsWithoutATimeoutAndDoesNotRedraw() throws {
        let h = try Harness()
        try h.loop.start()
        let before = h.time.now
        #expect(h.loop.pollTimeout == nil)
        #expect(h.loop.step() == nil)
        #expect(h.poller.timeouts == [nil])
        #expect(h.time.now == before)
        #expect(h.terminal.presentCount == 1) // only the first frame
    }

    @Test func pollTimeoutIsTheTimeLeftToTheNextDeadline() throws {
        let h = try Harness { $0.onStart = { $0.schedule("t", after: .milliseconds(250), "t") } }
        try h.loop.start()
        #expect(h.loop.pollTimeout == .milliseconds(250))
        h.time.advance(by: .milliseconds(100))
        #expect(h.loop.pollTimeout == .milliseconds(150))
        h.time.advance(by: .seconds(1))
        #expect(h.loop.pollTimeout == .zero)
    }

    @Test func theNextDeadlineFollowsTimersScheduledCancelledAndFired() throws {
        let h = try Harness {
            $0.onStart = { context in
                context.schedule("soon", after: .milliseconds(100), "soon")
                context.schedule("later", after: .milliseconds(300), "later")
                context.cancel("soon")
            }
        }
        try h.loop.start()
        #expect(h.loop.pollTimeout == .milliseconds(300))
        // The loop sleeps until the one timer left, which fires; none is left after it.
        _ = h.loop.step()
        #expect(h.poller.timeouts == [.milliseconds(300)])
        #expect(h.app.events.filter { $0 == "later" || $0 == "soon" } == ["later"])
        #expect(h.loop.pollTimeout == nil)
    }

    @Test func aPostedMessageWakesTheLoop() async throws {
        let h = try Harness()
        try h.loop.start()
        let poster = h.loop.poster
        await Task.detached { poster.post("from a task") }.value
        #expect(h.loop.step() == nil)
        #expect(h.poller.results.last?.readable.isEmpty == false) // the wake pipe was readable
        #expect(h.app.events == ["from a task"])
        #expect(h.poller.timeouts == [nil])
        // The pipe was drained: the next wait finds nothing to read.
        _ = h.loop.step()
        #expect(h.poller.results.last?.readable.isEmpty == true)
    }

    @Test func messagesArriveInPostingOrder() throws {
        let h = try Harness()
        try h.loop.start()
        for n in 1...5 { h.loop.poster("m\(n)") }
        h.loop.context.post("m6")
        _ = h.loop.step()
        #expect(h.app.events == ["m1", "m2", "m3", "m4", "m5", "m6"])
    }

    @Test func redrawsOnlyAfterAChangeAndOnceForManyChanges() throws {
        let h = try Harness()
        try h.loop.start()
        #expect(h.terminal.presentCount == 1 && h.loop.renderCount == 1)
        _ = h.loop.step()
        #expect(h.terminal.presentCount == 1)
        h.terminal.enqueue(.down, .up, .char("x"))
        h.loop.poster("message")
        _ = h.loop.step()
        #expect(h.app.events.count == 4)
        #expect(h.terminal.presentCount == 2)
        #expect(h.terminal.lines[0] == "events: 4")
        #expect(h.terminal.cursor == Point(x: 1, y: 1))
    }

    @Test func ctrlCQuitsWithoutReachingTheApp() throws {
        let h = try Harness()
        try h.loop.start()
        h.terminal.enqueue(.ctrl("c"), .char("a"))
        #expect(h.loop.step() == .quit)
        #expect(h.app.events.isEmpty)
        #expect(h.loop.step() == .quit)
    }

    @Test func theAppQuitsThroughItsContext() throws {
        let h = try Harness { $0.onKey = { key, context in if key == .char("q") { context.quit() } } }
        try h.loop.start()
        h.terminal.enqueue(.char("q"), .char("z"))
        #expect(h.loop.step() == .quit)
        #expect(h.app.events == ["key q"])
        #expect(h.loop.context.isQuitting)
    }

    @Test func quittingFromAMessageOrTimerEndsTheLoop() throws {
        let h = try Harness { $0.onMessage = { message, context in if message == "bye" { context.quit() } } }
        try h.loop.start()
        h.loop.context.schedule("t", after: .seconds(1), "bye")
        h.loop.poster("hello")
        #expect(h.loop.step() == nil)
        #expect(h.loop.step() == .quit)
        let p = try Harness { $0.onMessage = { _, context in context.quit() } }
        try p.loop.start()
        p.loop.poster("x")
        p.loop.poster("y")
        #expect(p.loop.step() == .quit)
        #expect(p.app.events == ["x"])
    }

    @Test func runRestoresTheTerminalWhenTheAppQuits() throws {
        let h = try Harness { $0.onKey = { key, context in if key == .char("q") { context.quit() } } }
        h.terminal.enqueue(.down, .char("q"))
        #expect(try h.loop.run() == .quit)
        #expect(h.app.events == ["key ↓", "key q"])
        #expect(h.terminal.stopCount == 1 && !h.terminal.isStarted)
        h.loop.stop() // idempotent
        #expect(h.terminal.stopCount == 1)
    }

    @Test func quittingAtStartEndsBeforeTheFirstFrame() throws {
        let h = try Harness { $0.onStart = { $0.quit() } }
        #expect(try h.loop.run() == .quit)
        #expect(h.terminal.presentCount == 0)
    }

    @Test func resizeReachesTheAppWithTheNewSize() throws {
        let h = try Harness()
        try h.loop.start()
        h.terminal.resize(to: Size(width: 100, height: 30))
        _ = h.loop.step()
        #expect(h.app.events == ["key resize"])
        #expect(h.loop.context.terminalSize == Size(width: 100, height: 30))
        #expect(h.terminal.canvas.size == Size(width: 100, height: 30))
    }

    @Test func terminalTooSmallShowsTheMessageAndHowToQuitPassesKeysOnAndRecovers() throws {
        let h = try Harness(size: Size(width: 59, height: 24))
        try h.loop.start()
        #expect(h.loop.isTooSmall)
        #expect(h.terminal.snapshot.contains("Terminal too small: need 60x20, have 59x24"))
        #expect(h.terminal.snapshot.contains("Ctrl-C to quit"))
        #expect(h.app.renders == 0)
        // The app follows its own rules meanwhile (a `q` in a field is typed): it gets the keys,
        // not the clicks, and is not drawn.
        h.terminal.enqueue(.down, .char("q"), .mouse(.click(at: Point(x: 1, y: 1))))
        _ = h.loop.step()
        #expect(h.app.events == ["key ↓", "key q"])
        #expect(h.app.renders == 0)
        h.terminal.resize(to: Size(width: 60, height: 20))
        _ = h.loop.step()
        #expect(!h.loop.isTooSmall)
        #expect(h.terminal.lines[0] == "events: 3") // the app is back (it saw the resize)
        h.terminal.resize(to: Size(width: 80, height: 19))
        _ = h.loop.step()
        #expect(h.terminal.lines.joined().contains("have 80x19"))
    }

    @Test func aKeyNamedToQuitWhileTooSmallQuitsBeforeTheAppSeesIt() throws {
        let h = try Harness(size: Size(width: 40, height: 10), configuration: .init(quitKeysWhenTooSmall: [.char("q")], handlesSignals: false))
        try h.loop.start()
        h.terminal.enqueue(.char("q"))
        #expect(h.loop.step() == .quit)
        #expect(h.app.events.isEmpty)
    }

    @Test func ctrlCQuitsWhileTooSmall() throws {
        let h = try Harness(size: Size(width: 20, height: 5))
        try h.loop.start()
        h.terminal.enqueue(.ctrl("c"))
        #expect(h.loop.step() == .quit)
    }

    @Test func aTerminatingSignalWakesTheSleepingLoopAndEndsIt() throws {
        let app = Probe()
        let terminal = HeadlessTerminal()
        // The real poller: the loop really sleeps in poll() until the signal's byte arrives.
        let loop = try EventLoop(app: app, terminal: terminal, configuration: .init(handlesSignals: true), poller: SystemPoller(), time: .system)
        try loop.start()
        // A safety net so a broken handler fails the test instead of hanging it.
        loop.context.schedule("safety net", after: .seconds(30), "safety net")
        kill(getpid(), SIGTERM)
        var exit: EventLoopExit?
        while exit == nil, app.events.isEmpty { exit = loop.step() }
        loop.stop()
        #expect(exit == .signal(SIGTERM))
        #expect(exit?.exitStatus == 143)
        #expect(terminal.stopCount == 1)
        #expect(app.events.isEmpty)
    }

    @Test func aClosedTerminalEndsTheLoop() throws {
        let terminal = try PipeTerminal()
        let time = ManualClock()
        let loop = try EventLoop(app: Probe(), terminal: terminal, configuration: .init(handlesSignals: false), poller: ImmediatePoller(advancing: time), time: .driven(by: time))
        try loop.start()
        close(terminal.writeEnd)
        #expect(loop.step() == .inputClosed)
        #expect(EventLoopExit.inputClosed.exitStatus == 1)
        #expect(EventLoopExit.quit.exitStatus == 0)
        // As the log says it.
        #expect(EventLoopExit.inputClosed.description == "the terminal's input closed")
        #expect(EventLoopExit.signal(SIGTERM).description == "SIGTERM")
        #expect(EventLoopExit.signal(SIGUSR1).description == "signal \(SIGUSR1)")
        #expect(EventLoopExit.quit.description == "quit")
    }

    @Test func pollTimeoutsRoundUpToWholeMilliseconds() {
        #expect(SystemPoller.milliseconds(.zero) == 0)
        #expect(SystemPoller.milliseconds(.nanoseconds(1)) == 1)
        #expect(SystemPoller.milliseconds(.microseconds(1500)) == 2)
        #expect(SystemPoller.milliseconds(.seconds(2)) == 2000)
        #expect(SystemPoller.milliseconds(.seconds(10_000_000)) == Int32.max)
        #expect(SystemPoller.milliseconds(.seconds(-1)) == 0)
    }

    @Test func systemPollerReportsReadableDescriptors() throws {
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let poller = SystemPoller()
        #expect(poller.wait(for: [fds[0], -1], timeout: .zero).readable.isEmpty)
        var byte: UInt8 = 1
        #expect(write(fds[1], &byte, 1) == 1)
        #expect(poller.wait(for: [fds[0]], timeout: .seconds(5)).readable == [fds[0]])
        close(fds[1])
        _ = read(fds[0], &byte, 1)
        #expect(poller.wait(for: [fds[0]], timeout: .seconds(5)).hungUp == [fds[0]])
    }
}

/// A terminal whose input is a pipe, to see the loop notice the other end closing.
private final class PipeTerminal: Terminal {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        let pipe = try TestPipe()
        readEnd = pipe.readEnd
        writeEnd = pipe.writeEnd
    }

    deinit { close(readEnd) }

    var size: Size { Size(width: 80, height: 24) }
    var inputDescriptor: Int32 { readEnd }
    func start() throws {}
    func stop() {}
    func present(_ canvas: Canvas, cursor: Point?) {}
    func readKeys() -> [Key] { [] }
}
