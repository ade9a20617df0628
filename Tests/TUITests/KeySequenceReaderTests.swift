import CNcurses
import Testing
@testable import TUI

/// Whole reads turned into ncurses' results, against a small key table standing for ncurses'
/// (`key_defined`'s answers: a code, -1 for a beginning, 0 for nothing).
@Suite(.timeLimit(.minutes(10))) struct KeySequenceReaderTests {
    static let table: [[UInt8]: Int32] = [
        Array("\u{1B}OA".utf8): KEY_UP, Array("\u{1B}OB".utf8): KEY_DOWN, Array("\u{1B}[3~".utf8): KEY_DC,
        [0x7F]: KEY_BACKSPACE,
    ]

    static func lookUp(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let text = Array(bytes)
        if let code = table[text] { return code }
        return table.keys.contains { $0.count > text.count && Array($0.prefix(text.count)) == text } ? -1 : 0
    }

    static func read(_ reader: inout KeySequenceReader, _ bytes: [UInt8]) -> [KeySequenceReader.Event] {
        bytes.withUnsafeBufferPointer { reader.read($0, lookUp: lookUp) }
    }

    static func characters(_ text: String) -> [KeySequenceReader.Event] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test func aKeysSequenceInOneReadIsItsCodeAndTheRestCharacters() {
        var reader = KeySequenceReader()
        let events = Self.read(&reader, Array("\u{1B}OBq漢\r\u{7F}\u{1B}[3~".utf8))
        #expect(events == [.key(KEY_DOWN)] + Self.characters("q漢\r") + [.key(KEY_BACKSPACE), .key(KEY_DC)])
        #expect(!reader.hasPending)
    }

    @Test func aSequenceOrACharacterCutByTheReadIsFinishedByTheNext() {
        var reader = KeySequenceReader()
        #expect(Self.read(&reader, Array("a\u{1B}O".utf8)) == Self.characters("a"))
        #expect(reader.hasPending)
        #expect(Self.read(&reader, Array("Ab".utf8)) == [.key(KEY_UP)] + Self.characters("b"))
        let han = Array("漢".utf8)
        #expect(Self.read(&reader, Array(han.prefix(2))).isEmpty)
        #expect(Self.read(&reader, Array(han.suffix(1))) == Self.characters("漢"))
    }

    @Test func aLoneEscapeWhoseRestNeverComesIsACharacterAsNcursesGivesIt() {
        var reader = KeySequenceReader()
        #expect(Self.read(&reader, [0x1B]).isEmpty)
        #expect(reader.flush() == [.character(0x1B)])
        #expect(!reader.hasPending)
        // A character cut short and never finished is not one.
        #expect(Self.read(&reader, [0xE6, 0xBC]).isEmpty)
        #expect(reader.flush() == [.character(0xFFFD)])
    }

    @Test func bytesThatBeginNoKeyAreEachACharacter() {
        var reader = KeySequenceReader()
        // `ESC [` begins Delete's sequence; `ESC [ Z` is no key of this table: ESC, then the rest.
        #expect(Self.read(&reader, Array("\u{1B}[Z\u{1B}x".utf8)) == Self.characters("\u{1B}[Z\u{1B}x"))
    }

    @Test func malformedUTF8IsAReplacementCharacterPerBrokenPiece() {
        var reader = KeySequenceReader()
        // A stray continuation byte, an overlong encoding, a surrogate, and a lead cut by a letter.
        let bytes: [UInt8] = [0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xE6, 0x41]
        #expect(Self.read(&reader, bytes) == [.character(0xFFFD), .character(0xFFFD), .character(0xFFFD), .character(0xFFFD), .character(0xFFFD), .character(0x41)])
    }

    @Test func aSequenceLongerThanAnyKeyIsNotAwaitedForEver() {
        var reader = KeySequenceReader()
        let long = [UInt8](repeating: 0x1B, count: 1)
            + [UInt8](repeating: UInt8(ascii: "["), count: KeySequenceReader.maxSequenceLength + 4)
        let events = long.withUnsafeBufferPointer { reader.read($0) { _ in -1 } } // everything a beginning
        #expect(events == Self.characters("\u{1B}" + String(repeating: "[", count: KeySequenceReader.maxSequenceLength + 4)))
        #expect(!reader.hasPending)
    }
}
