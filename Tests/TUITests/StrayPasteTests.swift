import CNcurses
import CoreTesting
import Glibc
import Testing
@testable import TUI
import TUITesting

/// A terminal whose input is `get_wch` results written to a pipe (so the loop's `poll` sees
/// them arrive, as it sees a real terminal's) and decoded by the real `InputDecoder`.
final class DecodingPipeTerminal: Terminal {
    let readEnd: Int32
    let writeEnd: Int32
    private var decoder = InputDecoder()

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalError.cannotStart("pipe") }
        readEnd = fds[0]
        writeEnd = fds[1]
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// What ncurses would return: a key code (`KEY_CODE_YES`) or a character (`OK`).
    func send(code: Int32) { write([UInt32(KEY_CODE_YES), UInt32(code)]) }
    func send(_ text: String) { write(text.unicodeScalars.flatMap { [UInt32(OK), $0.value] }) }

    private func write(_ words: [UInt32]) {
        _ = words.withUnsafeBytes { Glibc.write(writeEnd, $0.baseAddress, $0.count) }
    }

    var size: Size { Size(width: 80, height: 24) }
    var inputDescriptor: Int32 { readEnd }
    func start() throws {}
    func stop() {}
    func present(_ canvas: Canvas, cursor: Point?) {}

    func readKeys() -> [Key] {
        var keys: [Key] = []
        var pair: (UInt32, UInt32) = (0, 0)
        while withUnsafeMutableBytes(of: &pair, { read(readEnd, $0.baseAddress, 8) }) == 8 {
            keys += decoder.feed(status: Int32(pair.0), value: pair.1)
        }
        return keys
    }

    var isInsideInputSequence: Bool { decoder.isInsideSequence }
    func endInputSequence() -> [Key] { decoder.endSequence() }
}

final class KeyRecorder: TerminalApp {
    typealias Message = String
    var keys: [Key] = []
    func start(_ context: RunContext<String>) {}
    func handle(_ key: Key, _ context: RunContext<String>) {
        keys.append(key)
        if key == .char("q") { context.quit() }
    }
    func handle(_ message: String, _ context: RunContext<String>) {}
    func render(into canvas: inout Canvas) -> Point? { nil }
}

/// A paste start whose end never comes must not lock the keyboard (Docs/mouse-and-paste.md).
@Suite(.timeLimit(.minutes(10))) struct StrayPasteTests {
    let time = ManualClock()
    let terminal: DecodingPipeTerminal
    let app = KeyRecorder()
    let poller: ImmediatePoller
    let loop: EventLoop<KeyRecorder>

    init() throws {
        terminal = try DecodingPipeTerminal()
        poller = ImmediatePoller(advancing: time)
        loop = try EventLoop(app: app, terminal: terminal, configuration: .init(handlesSignals: false), poller: poller, time: .driven(by: time))
        try loop.start()
    }

    @Test func aPasteThatNeverEndsEndsAfterASecondWithoutInputAndKeysWorkAgain() {
        terminal.send(code: InputDecoder.pasteStartCode)
        terminal.send("half a pas")
        #expect(loop.step() == nil)
        #expect(app.keys.isEmpty)
        // More of the paste 0.6 s later: still the paste (the second counts from its last input).
        time.advance(by: .milliseconds(600))
        terminal.send("te")
        #expect(loop.step() == nil)
        #expect(app.keys.isEmpty)
        #expect(loop.pollTimeout == .seconds(1))
        // Nothing for a second: the loop wakes, the paste ends with what it had.
        #expect(loop.step() == nil)
        #expect(app.keys == [.paste("half a paste")])
        #expect(loop.pollTimeout == nil)
        terminal.send("q")
        #expect(loop.step() == .quit)
        #expect(app.keys == [.paste("half a paste"), .char("q")])
    }

    @Test func theLoopWakesAtTheEarlierOfATimerAndAnOpenPastesEnd() {
        loop.context.schedule("late", after: .seconds(3), "late")
        #expect(loop.pollTimeout == .seconds(3))
        terminal.send(code: InputDecoder.pasteStartCode)
        terminal.send("half")
        #expect(loop.step() == nil)
        #expect(loop.pollTimeout == .seconds(1))
        loop.context.schedule("soon", after: .milliseconds(400), "soon")
        #expect(loop.pollTimeout == .milliseconds(400))
    }

    @Test func ctrlCQuitsInsideAPasteThatNeverEnds() {
        terminal.send(code: InputDecoder.pasteStartCode)
        terminal.send("abc\u{3}")
        #expect(loop.step() == .quit)
        #expect(app.keys == [.paste("abc")])
    }

    @Test func aWholePasteSetsNoDeadline() {
        terminal.send(code: InputDecoder.pasteStartCode)
        terminal.send("all of it")
        terminal.send(code: InputDecoder.pasteEndCode)
        #expect(loop.step() == nil)
        #expect(app.keys == [.paste("all of it")])
        #expect(loop.pollTimeout == nil)
    }
}
