@testable import AppShell
import Testing
import TUI

/// A frame's line is written by a way of its own (one per frame): the same text as every other
/// line's way, so recordings read the same.
@Suite(.timeLimit(.minutes(10))) struct FrameLineTests {
    @Test(arguments: [nil, Size(width: 100, height: 30)])
    func aFramesLineIsTheTextTheGeneralWayWrites(_ size: Size?) {
        var canvas = Canvas(size: Size(width: 20, height: 3))
        canvas.put("frame ✓ 漢", at: Point(x: 1, y: 1), style: .bold)
        let entry = SessionEntry(
            time: .milliseconds(1234) + .microseconds(567), line: .frame(42, CanvasDigest(canvas, cursor: Point(x: 2, y: 2)), size))
        #expect(entry.encoded() == entry.encodedInGeneral())
        #expect(entry.encoded().hasPrefix("{\"t\":") && entry.encoded().contains("\"frame\":42,\"hash\":\""))
    }

    @Test func aFrameWithSecretsOrAStoreProblemTakesTheGeneralWay() {
        var entry = SessionEntry(time: .seconds(1), line: .frame(1, CanvasDigest(Canvas(size: Size(width: 2, height: 2)), cursor: nil), nil))
        entry.storeProblem = .io("a test")
        #expect(entry.encoded() == entry.encodedInGeneral())
        #expect(entry.encoded().contains("storeProblem"))
    }
}
