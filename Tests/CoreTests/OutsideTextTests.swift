import Foundation
import Testing
@testable import Core

/// `OutsideText`: what a terminal would act on is escaped, everything else is left as it was, and
/// a quoted piece reads back as the text it came from (Docs/security.md, "Outside text").
@Suite(.timeLimit(.minutes(10))) struct OutsideTextTests {
    /// The characters a terminal acts on or that move or hide text, by their definition rather
    /// than the function's: C0, DEL, C1, Unicode's format characters (bar the two joiners) and
    /// the line and paragraph separators.
    static func actsOnATerminal(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        if scalar.value == 0x200C || scalar.value == 0x200D { return false }
        return [.format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
    }

    /// Every scalar of the planes that hold format characters (0, 1 and 14: the tags), and
    /// every 61st of the others (letters, ideographs, private use), in slices of a few thousand
    /// (made once).
    static let everyScalarInSlices: [String] = {
        var slices: [String] = []
        var slice = ""
        for value in UInt32(0)...0x10FFFF {
            let plane = value >> 16
            guard plane <= 1 || plane == 14 || value % 61 == 0, let scalar = Unicode.Scalar(value) else { continue }
            slice.unicodeScalars.append(scalar)
            if slice.unicodeScalars.count == 4096 {
                slices.append(slice)
                slice = ""
            }
        }
        return slices + [slice]
    }()

    /// `text` escaped as JSON would, written out here on its own: `\n`, `\r` and `\t`, and
    /// `\uXXXX` (a surrogate pair above U+FFFF) for every other scalar that acts on a terminal.
    static func expectedEscaping(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            guard actsOnATerminal(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return out
    }

    /// The whole family: no scalar that acts on a terminal survives `escaped` or `quoted`, and
    /// every other one is kept.
    @Test func noCharacterThatActsOnATerminalIsLeftAndNoOtherIsTouched() throws {
        var escapedCount = 0
        for slice in Self.everyScalarInSlices {
            // Each check is one Bool: a failure names the slice, never prints thousands of scalars.
            let from = "the slice from U+\(String(slice.unicodeScalars.first!.value, radix: 16))"
            let escaped = OutsideText.escaped(slice)
            let escapedIsSafe = !escaped.unicodeScalars.contains(where: Self.actsOnATerminal)
            #expect(escapedIsSafe, "\(from)")
            let quotedIsSafe = !OutsideText.quoted(slice, limit: .max).unicodeScalars.contains(where: Self.actsOnATerminal)
            #expect(quotedIsSafe, "\(from)")
            let disagreements = slice.unicodeScalars.filter { OutsideText.isEscaped($0) != Self.actsOnATerminal($0) }
            #expect(disagreements.isEmpty, "\(disagreements.prefix(8).map { "U+" + String($0.value, radix: 16) })")
            escapedCount += slice.unicodeScalars.count { OutsideText.isEscaped($0) }
            // Each escaped scalar became its JSON escape, every other one is as it was.
            let escapedAsJSONWould = escaped == Self.expectedEscaping(slice)
            #expect(escapedAsJSONWould, "\(from)")
        }
        // C0 (32), DEL and C1 (33), and Unicode's format characters with the separators.
        #expect(escapedCount > 65 + 150)
    }

    /// A quoted piece is a JSON string that reads back as what it quoted, every scalar, those
    /// above U+FFFF (tags, as surrogate pairs) among them.
    @Test func aQuotedPieceReadsBackAsTheTextItQuoted() throws {
        for slice in Self.everyScalarInSlices {
            let readsBack = try JSONParser.parse(Array(OutsideText.quoted(slice, limit: .max).utf8)) == .string(slice)
            #expect(readsBack, "the slice from U+\(String(slice.unicodeScalars.first!.value, radix: 16))")
        }
    }

    @Test func theEscapesAreJSONsAndTextWithoutThemIsUnchanged() {
        #expect(OutsideText.escaped("\u{1B}]0;title\u{07}") == #"\u001b]0;title\u0007"#)
        #expect(OutsideText.escaped("\u{1B}]52;c;aGk=\u{07}") == #"\u001b]52;c;aGk=\u0007"#)
        #expect(OutsideText.escaped("\u{9B}31m \u{9D}0;x\u{9C} \u{7F}") == #"\u009b31m \u009d0;x\u009c \u007f"#)
        #expect(OutsideText.escaped("abc\u{202E}fed\u{2066}") == #"abc\u202efed\u2066"#)
        #expect(OutsideText.escaped("tag\u{E0041}") == #"tag\udb40\udc41"#)
        #expect(OutsideText.escaped("a\tb\r\nc") == #"a\tb\r\nc"#)
        #expect(OutsideText.escaped("a\nb", keepingLineBreaks: true) == "a\nb")
        #expect(OutsideText.escaped("a\r\nb", keepingLineBreaks: true) == #"a\r"# + "\nb")
        // Letters, accents, wide characters and emoji sequences (joined by U+200D) stay.
        for text in ["plain ASCII ~!@#$%^&*()", "Ångström café", "日本語", "👩‍💻 🇫🇷 👍🏽", "क्‍ष"] {
            #expect(OutsideText.escaped(text) == text)
        }
    }

    @Test func aQuotedPieceIsCutInsideItsQuotesAndEscapesQuotesAndBackslashes() {
        #expect(OutsideText.quoted(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(OutsideText.quoted(String(repeating: "x", count: 100)) == "\"" + String(repeating: "x", count: 60) + "…\"")
        #expect(OutsideText.quoted("ab\u{1B}c", limit: 3) == #""ab\u001b…""#)
        #expect("ok".quoted() == #""ok""#)
    }

    @Test func aNameIsBareOnlyWhenItLooksLikeOne() {
        #expect(OutsideText.named("retry") == "retry")
        #expect(OutsideText.named("max-attempts_2") == "max-attempts_2")
        #expect(OutsideText.named("--verbose") == "--verbose")
        #expect(OutsideText.named("a.b") == #""a.b""#)
        #expect(OutsideText.named("") == #""""#)
        #expect(OutsideText.named("x\u{1B}[31m") == #""x\u001b[31m""#)
        #expect(OutsideText.named(String(repeating: "k", count: 61)) == "\"" + String(repeating: "k", count: 60) + "…\"")
    }
}
