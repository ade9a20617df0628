import Testing
import CoreTesting
@testable import TUI
import TUITesting

/// An app that says how many frames it drew, and notes where each frame's cells were.
private final class CountingApp: TerminalApp {
    typealias Message = String
    var frameStorage: [UnsafeRawPointer?] = []

    func start(_ context: RunContext<String>) {}
    func handle(_ key: Key, _ context: RunContext<String>) {}
    func handle(_ message: String, _ context: RunContext<String>) {}

    func render(into canvas: inout Canvas) -> Point? {
        canvas.put("frame \(frameStorage.count)", at: Point(x: 2, y: 1), style: .bold)
        canvas.addHitRegion(Rect(x: 0, y: 0, width: 4, height: 1), KeyTarget.scroll())
        frameStorage.append(canvas.cells.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
        return nil
    }
}

/// A terminal that keeps every frame it is given, as it was given.
private final class KeepingTerminal: Terminal {
    var frames: [Canvas] = []
    var size: Size { Size(width: 80, height: 24) }
    var inputDescriptor: Int32 { -1 }
    func start() throws {}
    func stop() {}
    func present(_ canvas: Canvas, cursor: Point?) { frames.append(canvas) }
    func readKeys() -> [Key] { [] }
}

@Suite(.timeLimit(.minutes(10))) struct RecycledFrameTests {
    /// Redraws `frames` times by messages (each makes a frame).
    private func run(_ app: CountingApp, on terminal: any Terminal, frames: Int) throws {
        let time = ManualClock()
        let loop = try EventLoop(
            app: app, terminal: terminal, configuration: .init(handlesSignals: false),
            poller: ImmediatePoller(advancing: time, hasPendingInput: { false }), time: .driven(by: time))
        try loop.start()
        for index in 1..<frames {
            loop.poster.post("again \(index)")
            #expect(loop.step() == nil)
        }
        loop.stop()
    }

    @Test func aFrameIsDrawnInTheMemoryOfTheFrameBeforeLast() throws {
        let app = CountingApp()
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        try run(app, on: terminal, frames: 5)
        let storage = app.frameStorage
        #expect(storage.count == 5)
        // The terminal holds the last frame while the next is drawn: two frames' memory in turn.
        #expect(storage[2] == storage[0])
        #expect(storage[3] == storage[1])
        #expect(storage[4] == storage[2])
        #expect(storage[0] != storage[1])
        // Nothing of the frame before last is left: what is shown is what the last one drew.
        #expect(terminal.lines.prefix(2) == ["", "  frame 4"])
    }

    @Test func aFrameSomeoneStillHoldsIsNeverDrawnOver() throws {
        let app = CountingApp()
        let terminal = KeepingTerminal()
        try run(app, on: terminal, frames: 4)
        // Each kept frame is still the one drawn then, with its own clickable region.
        #expect(terminal.frames.map { $0.lines[1] } == ["  frame 0", "  frame 1", "  frame 2", "  frame 3"])
        #expect(terminal.frames.allSatisfy { $0.hitMap.regions.count == 1 })
        // Held elsewhere, its memory was not drawn in again: each frame got its own.
        #expect(Set(app.frameStorage.compactMap { $0 }).count == 4)
    }
}
