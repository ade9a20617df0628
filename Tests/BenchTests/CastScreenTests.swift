import CoreTesting
import Foundation
import Testing
import TUI
@testable import AppShell
@testable import challenge_tui
@testable import Recording
@testable import challenge_bench

/// A recording's asciinema cast (Docs/recording.md, "Casts"), read back by a terminal model (the
/// bench's `ScreenModel`, which rebuilds a screen from what a program writes): every frame it
/// shows is the frame the replay drew, the last one included.
@Suite(.timeLimit(.minutes(10))) struct CastScreenTests {
    @Test(arguments: ["navigation-sign-in", "articles-retries", "profile-errors"])
    func theCastShowsTheReplaysFramesToTheLast(_ demo: String) throws {
        let recording = try SessionRecording.read(packageRoot.appendingPathComponent("Docs/demos/\(demo).jsonl").path, challenges: Challenge.all)
        let made = try SessionCast.make(recording)
        #expect(made.verdict.isIdentical, "\(made.verdict.summary)")
        let lines = made.cast.split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        let width = try #require(header["width"] as? Int), height = try #require(header["height"] as? Int)
        #expect(width == recording.header.size.width && height == recording.header.size.height)

        var model = ScreenModel(width: width, height: height)
        var time = 0.0
        var frames = 0
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let at = try #require(event[0] as? Double)
            #expect(at >= time, "times never go back")
            time = at
            guard event[1] as? String == "o", let bytes = event[2] as? String else { continue }
            model.feed(Array(bytes.utf8))
            frames += 1
        }
        #expect(frames == recording.frameCount)
        let last = try #require(made.last)
        #expect(model.lines == last.lines, "the cast's last screen is the replay's last canvas")
    }

    @Test func aFrameIsWrittenAsTheCellsThatChangedWithTheirColours() {
        var first = Canvas(size: Size(width: 6, height: 2))
        first.put("ab", at: Point(x: 0, y: 0))
        var second = first
        second.put("Z", at: Point(x: 4, y: 1), style: Style(foreground: RGB(0x8F, 0x1F, 0x1F), bold: true))
        let opening = ANSIFrame.bytes(first, cursor: nil, after: nil)
        #expect(opening.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"), "the first frame clears the screen")
        let change = ANSIFrame.bytes(second, cursor: Point(x: 1, y: 0), after: first)
        #expect(change == "\u{1B}[2;5H\u{1B}[0;1;38;2;143;31;31mZ\u{1B}[0m\u{1B}[1;2H\u{1B}[?25h")
        #expect(ANSIFrame.bytes(second, cursor: nil, after: first, colors: false).contains("\u{1B}[0;1mZ"), "no colour: attributes only")
        var model = ScreenModel(width: 6, height: 2)
        model.feed(Array((opening + change).utf8))
        #expect(model.lines == second.lines)
    }
}
