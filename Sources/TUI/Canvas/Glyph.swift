import Synchronization

/// What one cell shows, as a plain number, so a canvas is plain memory: made, compared,
/// digested and copied without touching a `Character`'s storage, which every frame did for
/// every cell (Docs/performance.md, "A key press"). Nearly every cell is one scalar, held as
/// its value; a longer cluster (a letter with combining marks, an emoji sequence) is an entry
/// in the process's `ClusterTable`, made the first time it is drawn. Two glyphs are equal
/// when they are the same scalars, as the terminal would be sent the same bytes.
public struct Glyph: Hashable, Sendable {
    /// A scalar's value, or `clusterTag | entry`.
    let bits: UInt32
    static let clusterTag: UInt32 = 0x8000_0000

    public static let space = Glyph(bits: 0x20)

    init(bits: UInt32) { self.bits = bits }

    public init(_ scalar: Unicode.Scalar) { bits = scalar.value }

    public init(_ character: Character) {
        let scalars = character.unicodeScalars
        var rest = scalars.makeIterator()
        let first = rest.next() ?? " "
        if rest.next() == nil {
            bits = first.value
        } else if let entry = ClusterTable.shared.entry(for: scalars) {
            bits = Glyph.clusterTag | entry
        } else {
            // The table is full (Docs/security.md, "Huge strings"): the cluster's first scalar.
            bits = first.value
        }
    }

    /// The printable ASCII byte `byte` (the caller checked it).
    init(ascii byte: UInt8) { bits = UInt32(byte) }

    /// The scalar, when the glyph is one.
    public var scalar: Unicode.Scalar? {
        bits < Glyph.clusterTag ? Unicode.Scalar(bits) : nil
    }

    /// The byte, when the glyph is ASCII.
    public var asciiValue: UInt8? { bits < 0x80 ? UInt8(truncatingIfNeeded: bits) : nil }

    public var character: Character {
        if let scalar { return Character(scalar) }
        return ClusterTable.shared.character(bits & ~Glyph.clusterTag)
    }

    /// Its first scalar: the cluster's base.
    public var firstScalar: Unicode.Scalar {
        scalar ?? character.unicodeScalars.first ?? " "
    }

    /// Calls `body` with each UTF-8 byte of the glyph, without making a string for one scalar.
    func forEachUTF8Byte(_ body: (UInt8) -> Void) {
        guard let scalar else {
            for byte in character.utf8 { body(byte) }
            return
        }
        for byte in scalar.utf8 { body(byte) }
    }
}

/// The grapheme clusters of more than one scalar that cells have shown, each kept once by its
/// exact scalars (not merely canonically equal ones: a differently encoded "é" is other bytes
/// for the terminal). Entries are never removed; at `capacity` a new cluster is refused, and a
/// cell shows its first scalar (text from a server can hold any number of distinct clusters).
final class ClusterTable: Sendable {
    static let shared = ClusterTable(capacity: 1 << 20)
    let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    private struct Entries {
        var characters: [Character] = []
        var byScalars: [[UInt32]: UInt32] = [:]
    }

    private let entries = Mutex(Entries())

    func entry(for scalars: Character.UnicodeScalarView) -> UInt32? {
        let key = scalars.map(\.value)
        return entries.withLock { entries in
            if let known = entries.byScalars[key] { return known }
            guard entries.characters.count < capacity else { return nil }
            let entry = UInt32(entries.characters.count)
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars)
            entries.characters.append(Character(String(text)))
            entries.byScalars[key] = entry
            return entry
        }
    }

    func character(_ entry: UInt32) -> Character {
        entries.withLock { $0.characters[Int(entry)] }
    }
}
