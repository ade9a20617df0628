import CNcurses
import Testing
@testable import TUI

/// The paste limit protects memory while a paste arrives, not only in the key it ends with: the
/// decoder never holds more than `maxPasteLength` characters of it (Docs/mouse-and-paste.md).
/// `InputDecoderTests` checks the key; this looks inside the decoder (by reflection, so any way
/// it keeps the text is found) while 100,000 characters go in. A decoder that kept the whole
/// paste and cut it at its end passes that test and fails this one.
@Suite(.timeLimit(.minutes(10))) struct PasteLimitEffectTests {
    /// The most Unicode scalars any string inside `value` holds, however deep.
    static func longestHeldText(in value: Any) -> Int {
        if let text = value as? String { return text.unicodeScalars.count }
        if let text = value as? Substring { return text.unicodeScalars.count }
        if let text = value as? String.UnicodeScalarView { return text.count }
        return Mirror(reflecting: value).children.map { longestHeldText(in: $0.value) }.max() ?? 0
    }

    @Test func aPasteOverTheLimitIsNeverHeldBeyondIt() {
        var decoder = InputDecoder()
        _ = decoder.feed(status: KEY_CODE_YES, value: UInt32(InputDecoder.pasteStartCode))
        var held: [Int] = []
        for index in 1...100_000 {
            _ = decoder.feed(status: OK, value: UInt32(("a" as Unicode.Scalar).value))
            if index.isMultiple(of: 10_000) { held.append(Self.longestHeldText(in: decoder)) }
        }
        #expect(held.max() == InputDecoder.maxPasteLength, "held \(held) characters along the way")
        let keys = decoder.feed(status: KEY_CODE_YES, value: UInt32(InputDecoder.pasteEndCode))
        #expect(keys == [.paste(String(repeating: "a", count: InputDecoder.maxPasteLength))])
        #expect(Self.longestHeldText(in: decoder) == 0, "nothing is kept once the paste has ended")
    }

    @Test func theMeasureFindsTextHeldAtAnyDepth() {
        struct Inner { let words = ["ab", "abcde"] }
        struct Outer { let inner = Inner(); let number = 3; let state: (String, Int)? = ("abc", 1) }
        #expect(Self.longestHeldText(in: Outer()) == 5)
        var decoder = InputDecoder()
        _ = decoder.feed(status: KEY_CODE_YES, value: UInt32(InputDecoder.pasteStartCode))
        for scalar in "héllo".unicodeScalars { _ = decoder.feed(status: OK, value: scalar.value) }
        #expect(Self.longestHeldText(in: decoder) == 5)
    }
}
