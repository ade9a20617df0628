import CNcurses

/// Turns the bytes read from the terminal into what ncurses' `get_wch` would have returned for
/// them, one `(status, value)` at a time: a key the terminal's entry names (`KEY_CODE_YES` and
/// its code), else a character (`OK` and its scalar). `InputDecoder` takes it from there.
///
/// The terminal reads its input itself, a whole read at a time, because ncurses reads a byte per
/// system call with a `poll` between (seven calls before a ↓'s frame could begin, Docs/
/// performance.md, "A key press"). What a byte sequence means is still ncurses': `lookUp` is
/// `key_defined` on its table (terminfo's keys and those `define_key` added), and like ncurses'
/// own reading the shortest sequence that names a key is taken, and a byte that begins none is
/// a character of its own.
///
/// A sequence or a UTF-8 character that a read cut short is kept (`hasPending`) for the next
/// read; if none comes in time, `flush()` gives its bytes as characters, as ncurses does after
/// its escape delay (a lone ESC is the Esc key).
struct KeySequenceReader {
    /// One result, as `get_wch` gives it.
    struct Event: Equatable {
        var status: Int32
        var value: UInt32

        static func character(_ value: UInt32) -> Event { Event(status: OK, value: value) }
        static func key(_ code: Int32) -> Event { Event(status: KEY_CODE_YES, value: UInt32(bitPattern: code)) }
    }

    /// What ncurses' table says of a byte sequence: a key's code (> 0), the beginning of one or
    /// more keys (-1), or nothing (0).
    typealias LookUp = (UnsafeBufferPointer<UInt8>) -> Int32

    /// The longest sequence looked up; past it the first byte is a character.
    static let maxSequenceLength = 32

    /// Bytes of a sequence or character the last read cut short.
    private(set) var pending: [UInt8] = []

    var hasPending: Bool { !pending.isEmpty }

    /// The results for `bytes`, read after whatever is pending; what they leave unfinished is
    /// kept.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, lookUp: LookUp) -> [Event] {
        guard !pending.isEmpty else { return take(bytes, lookUp: lookUp) }
        let joined = pending + Array(bytes)
        pending.removeAll()
        return joined.withUnsafeBufferPointer { take($0, lookUp: lookUp) }
    }

    /// What is pending, as characters: the rest of its sequence did not come.
    mutating func flush() -> [Event] {
        defer { pending.removeAll() }
        var events: [Event] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            // A character cut short is not one; a sequence's bytes are each themselves.
            if byte >= 0x80 {
                events.append(.character(0xFFFD))
                index += 1
                while index < pending.count, pending[index] & 0xC0 == 0x80 { index += 1 }
            } else {
                events.append(.character(UInt32(byte)))
                index += 1
            }
        }
        return events
    }

    private mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, lookUp: LookUp) -> [Event] {
        var events: [Event] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                events.append(.character(UInt32(byte)))
                index += 1
            } else if byte >= 0x80 {
                guard let (scalar, length) = Self.utf8(bytes, at: index) else {
                    pending = Array(bytes[index...]) // cut short: the rest comes with the next read
                    break
                }
                events.append(.character(scalar))
                index += length
            } else if byte == 0 {
                events.append(.character(0)) // no key begins with NUL (the table is C strings)
                index += 1
            } else {
                guard let (event, length) = Self.sequence(bytes, at: index, lookUp: lookUp) else {
                    pending = Array(bytes[index...])
                    break
                }
                events.append(event)
                index += length
            }
        }
        return events
    }

    /// The key that begins at `start` (a control byte), or the byte itself when none does; nil
    /// when the bytes end inside what may still become a key.
    private static func sequence(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, lookUp: LookUp) -> (Event, Int)? {
        var length = 1
        while length <= maxSequenceLength {
            guard start + length <= bytes.count else { return nil }
            let code = lookUp(UnsafeBufferPointer(rebasing: bytes[start..<(start + length)]))
            if code > 0 { return (.key(code), length) }
            if code == 0 { break }
            length += 1
        }
        return (.character(UInt32(bytes[start])), 1)
    }

    /// The scalar whose UTF-8 begins at `start` and its length; U+FFFD and 1 for a byte that
    /// begins none; nil when the bytes end inside it.
    private static func utf8(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (UInt32, Int)? {
        let lead = bytes[start]
        let length: Int, minimum: UInt32
        switch lead {
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: return (0xFFFD, 1)
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard start + offset < bytes.count else { return nil }
            let byte = bytes[start + offset]
            guard byte & 0xC0 == 0x80 else { return (0xFFFD, offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= minimum, Unicode.Scalar(value) != nil else { return (0xFFFD, length) }
        return (value, length)
    }
}
