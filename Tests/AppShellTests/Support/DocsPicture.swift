import CoreTesting
import Foundation
import Testing
import TUI
import TUITesting

/// The pictures of the real screens in `Docs/pictures/`: SVGs drawn from the headless canvas
/// (`SVGPicture`) and compared byte for byte with the committed files, so they can't go stale
/// (Docs/testing.md, "Pictures").
enum DocsPicture {
    /// What regenerates every picture.
    static let regenerate = "SNAPSHOT_UPDATE=1 swift test --filter DocsPictures"

    static let folder = packageRoot.appendingPathComponent("Docs/pictures")

    static func file(named name: String) -> URL { folder.appendingPathComponent(name + ".svg") }

    /// Compares `svg` with `Docs/pictures/<name>.svg` (writes it with `SNAPSHOT_UPDATE=1`); a
    /// difference names the file, where it starts, what the screen showed, and the command.
    static func expect(
        _ svg: String, named name: String, screen: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let path = "Docs/pictures/\(name).svg"
        expectGoldenFile(
            svg, at: file(named: name), howToWrite: "write it with `\(regenerate)`, then review it",
            sourceLocation: sourceLocation
        ) { expected in
            """
            \(path) differs from what the app draws now (\(firstLineThatDiffers(expected, svg))).
            If the change is meant, regenerate every picture with `\(regenerate)` and review them (Docs/testing.md, "Pictures").
            The screen drawn now:
            \(screen)
            """
        }
    }

    private static func firstLineThatDiffers(_ expected: String, _ actual: String) -> String {
        let want = expected.components(separatedBy: "\n"), have = actual.components(separatedBy: "\n")
        for row in 0..<max(want.count, have.count) {
            let a = row < want.count ? want[row] : "(end of file)", b = row < have.count ? have[row] : "(end of file)"
            if a != b { return "first at line \(row + 1): file has `\(a.prefix(120))`, now `\(b.prefix(120))`" }
        }
        return "they differ"
    }
}

extension Canvas {
    /// This canvas with every match of `pattern` in a row rewritten by `replacement` (given the
    /// match and its number, counted from 0 over the whole canvas, top to bottom), each cell
    /// keeping its style. A replacement must take the cells the match took, character for
    /// character.
    func rewriting(_ pattern: Regex<Substring>, with replacement: (Substring, Int) -> String) -> Canvas {
        var result = self
        var count = 0
        for y in 0..<size.height {
            var columns: [Int] = []
            var text = ""
            var x = 0
            while x < size.width {
                let cell = self[x, y]
                if !cell.isContinuation {
                    columns.append(x)
                    text.append(cell.character)
                }
                x += 1
            }
            for match in text.matches(of: pattern) {
                let offset = text.distance(from: text.startIndex, to: match.range.lowerBound)
                let new = Array(replacement(match.output, count))
                count += 1
                precondition(new.count == match.output.count, "a rewrite must keep the length: \(match.output) → \(String(new))")
                for (index, character) in new.enumerated() {
                    let point = Point(x: columns[offset + index], y: y)
                    precondition(DisplayWidth.of(character) == DisplayWidth.of(self[point].character))
                    result.put(String(character), at: point, style: self[point].style)
                }
            }
        }
        return result
    }
}

extension ShellHarness {
    /// The time of day the pictures show: wall-clock texts are pinned to it.
    static let pictureTimeOfDay = (hour: 9, minute: 41)

    /// The screen with what comes from the wall clock pinned, so pictures are the same on every
    /// run: "synced at 14:05" reads "synced at 09:41", and the network inspector's times of day
    /// read 09:41:00 plus when each request began on the manual clock (rows are the newest
    /// requests, oldest first, as the inspector lists them).
    var pinnedCanvas: Canvas {
        let (hour, minute) = Self.pictureTimeOfDay
        let history = environment.monitor.history.sorted { ($0.started, $0.id) < ($1.started, $1.id) }
        let canvas = terminal.canvas.rewriting(#/synced at \d\d:\d\d/#) { _, _ in
            "synced at " + Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
        }
        let times = canvas.lines.joined(separator: "\n").matches(of: #/\d\d:\d\d:\d\d/#).count
        let shown = history.suffix(times).map(\.started)
        return canvas.rewriting(#/\d\d:\d\d:\d\d/#) { _, index in
            let offset = index < shown.count ? Int(shown[index].components.seconds) : 0
            let seconds = (hour * 60 + minute) * 60 + offset
            return Self.twoDigits(seconds / 3600 % 24) + ":" + Self.twoDigits(seconds / 60 % 60) + ":" + Self.twoDigits(seconds % 60)
        }
    }

    /// Runs the app until `target` on the manual clock (counted from its start), stopping at
    /// every deadline on the way (timers, request delays, backoff), so every duration the app
    /// measures is exact; `step` runs after each stop.
    func run(until target: Duration, step: () -> Void = {}) async throws {
        for _ in 0..<100_000 {
            try runUntilQuiet()
            let now = clock.now.offset
            guard now < target else { return }
            let next = clock.nextDeadline.map { max($0.offset, now) } ?? target
            try await advance(by: min(next, target) - now)
            step()
        }
        throw HarnessFailure(description: "the clock never reached \(target); the screen was:\n\(screen)")
    }

    /// The SVG of the screen as it is now (wall-clock texts pinned, the cursor where the app
    /// put it).
    func picture(title: String) -> String {
        SVGPicture().svg(of: pinnedCanvas, cursor: terminal.cursor, title: title)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
