import Testing
@testable import TUI

/// `lines(_:width:maxLines:)` stops wrapping once it knows the text is cut (Docs/performance.md: a list
/// row's cost must not grow with the length of its description); the result must not change.
@Suite(.timeLimit(.minutes(10))) struct TextLayoutLimitTests {
    @Test func limitedLinesEqualThePrefixOfTheFullWrapWithTheEllipsis() {
        let long = Array(repeating: "lorem ipsum dolor sit amet", count: 200).joined(separator: " ")
        let texts = [long, "short", "", "a\n\nb\nc", String(repeating: "x", count: 500), "one two three four five six"]
        for text in texts {
            for width in [1, 5, 12, 40] {
                for maxLines in [0, 1, 2, 3] {
                    let full = TextLayout.wrap(text, width: width)
                    let limited = TextLayout.lines(text, width: width, maxLines: maxLines)
                    if full.count <= maxLines {
                        #expect(limited == full)
                    } else if maxLines > 0 {
                        #expect(Array(limited.dropLast()) == Array(full.prefix(maxLines - 1)))
                        #expect(limited.last?.last == TextLayout.ellipsis)
                        #expect(limited.count == maxLines)
                    } else {
                        #expect(limited.isEmpty)
                    }
                }
            }
        }
    }
}
