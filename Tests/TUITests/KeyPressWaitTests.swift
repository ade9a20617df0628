import Glibc
import Testing
import CoreTesting
@testable import TUI
import TUITesting

/// What the loop does between a wait and a key's frame, made lighter (Docs/performance.md, "The
/// eighth round"): the wait's answer filled in the memory of the last one, no second `poll`
/// before the first read, the mailbox's emptiness known without a look at its queue.
@Suite(.timeLimit(.minutes(10))) struct KeyPressWaitTests {
    @Test func anAnswerTheCallerKeepsIsNotChangedByTheNextWait() throws {
        let first = try TestPipe(), second = try TestPipe()
        let poller = SystemPoller()
        first.put()
        let kept = poller.wait(for: [first.readEnd, second.readEnd], timeout: .seconds(5))
        first.take()
        second.put()
        let next = poller.wait(for: [first.readEnd, second.readEnd], timeout: .seconds(5))
        #expect(kept.readable == [first.readEnd])
        #expect(next.readable == [second.readEnd])
        second.take()
        // A wait that times out finds nothing, whatever the last one found.
        #expect(poller.wait(for: [first.readEnd, second.readEnd], timeout: .zero) == PollResult())
    }

    @Test func theTerminalIsToldWhenTheWaitFoundItsInputReadable() throws {
        let terminal = try ReadableHintTerminal()
        let time = ManualClock()
        let loop = try EventLoop(
            app: Silent(), terminal: terminal, configuration: .init(handlesSignals: false), poller: ImmediatePoller(advancing: time),
            time: .driven(by: time))
        try loop.start()
        terminal.input.put()
        #expect(loop.step() == nil)
        // A wake for a posted message: the input was not said to be readable.
        loop.poster.post(())
        #expect(loop.step() == nil)
        #expect(terminal.hints == [true, false])
    }

    @Test func theMailboxSaysWhetherAnythingIsPosted() throws {
        let mailbox = try Mailbox<Int>()
        #expect(mailbox.isEmpty)
        mailbox.post(1)
        mailbox.post(2)
        #expect(!mailbox.isEmpty)
        #expect(mailbox.takeAll() == [1, 2])
        #expect(mailbox.isEmpty)
        #expect(mailbox.takeAll().isEmpty)
    }

    /// A post never blocks on a full pipe, the loop's drain never waits on an empty one, and no
    /// program the app starts inherits either end.
    @Test func theWakePipesEndsAreNonBlockingAndClosedOnExec() throws {
        let mailbox = try Mailbox<Int>()
        for descriptor in [mailbox.readDescriptor, mailbox.writeDescriptor] {
            #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK != 0)
            #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
        }
        var byte: UInt8 = 0
        #expect(read(mailbox.readDescriptor, &byte, 1) == -1 && errno == EAGAIN, "an empty pipe answers at once")
    }
}

private final class Silent: TerminalApp {
    func start(_ context: RunContext<Void>) {}
    func handle(_ key: Key, _ context: RunContext<Void>) {}
    func handle(_ message: Void, _ context: RunContext<Void>) {}
    func render(into canvas: inout Canvas) -> Point? { nil }
}

/// A terminal whose input is a pipe, recording what each read was told.
private final class ReadableHintTerminal: Terminal {
    let input: TestPipe
    private(set) var hints: [Bool] = []

    init() throws { input = try TestPipe() }

    var size: Size { Size(width: 80, height: 24) }
    var inputDescriptor: Int32 { input.readEnd }
    func start() throws {}
    func stop() {}
    func present(_ canvas: Canvas, cursor: Point?) {}
    func readKeys() -> [Key] { readKeys(inputIsReadable: false) }

    func readKeys(inputIsReadable: Bool) -> [Key] {
        hints.append(inputIsReadable)
        if inputIsReadable { input.take() }
        return []
    }
}
