/// Which ncurses colour pair shows each (foreground, background) combination, given that a
/// terminal has only `COLOR_PAIRS` of them (64 on `xterm`, 256 or 65536 on 256-colour
/// entries) and that a pair redefined while cells on screen use it recolours those cells.
///
/// So the table counts the cells on screen that use each pair. A new combination takes a
/// never-used pair, else the pair that has been unused longest (none of its cells left on
/// screen) and is redefined. When every pair is on screen, nothing is redefined: the cell
/// gets the existing pair nearest in colour (`substitute`), a slightly wrong colour in
/// place of wrong colours elsewhere. See Docs/images.md, "Colour pairs".
struct ColorPairTable {
    /// Terminal colour numbers (-1 is the terminal's default colour): palette indices, or on a
    /// direct-colour terminal packed RGB (`Theme.directColorNumber`).
    struct Key: Hashable {
        var foreground: Int32
        var background: Int32
    }

    enum Assignment: Equatable {
        /// The pair already shows this combination.
        case existing(Int32)
        /// The caller must (re)define the pair as this combination before using it.
        case define(Int32)
        /// Every pair is on screen: the nearest one, as it is.
        case substitute(Int32)

        var pair: Int32 {
            switch self {
            case .existing(let pair), .define(let pair), .substitute(let pair): pair
            }
        }
    }

    /// Usable pairs: 1…capacity (pair 0 is the terminal's default colours).
    let capacity: Int
    /// The colour numbers are packed RGB (`ColorMode.direct`), not palette indices.
    let directColor: Bool
    private var numbers: [Key: Int32] = [:]
    /// The combination each pair number shows (index 0 unused).
    private var keys: [Key?]
    /// How many screen cells use each pair.
    private(set) var users: [Int]
    /// Pairs whose last cell left the screen, oldest first (entries go stale when the pair is
    /// used again; they are skipped then).
    private var idle: [Int32] = []
    private var idleStart = 0
    private var nextUnused: Int32 = 1

    /// The tables grow as pairs are defined: a 256-colour terminal offers 65,535 pairs, and
    /// zero-filling tables for all of them at start-up cost most of a millisecond of the first
    /// frame (see Docs/performance.md).
    init(capacity: Int, directColor: Bool = false) {
        self.capacity = max(0, min(capacity, Int(Int32.max) - 1))
        self.directColor = directColor
        keys = [nil]
        users = [0]
    }

    /// The pair for `key`, now counted as used by one more cell on screen.
    mutating func acquire(_ key: Key) -> Assignment {
        if let pair = numbers[key] {
            users[Int(pair)] += 1
            return .existing(pair)
        }
        if Int(nextUnused) <= capacity {
            let pair = nextUnused
            nextUnused += 1
            bind(pair, to: key)
            return .define(pair)
        }
        while idleStart < idle.count {
            let pair = idle[idleStart]
            idleStart += 1
            if idleStart > 1024, idleStart * 2 > idle.count { // drop the consumed front now and then
                idle.removeFirst(idleStart)
                idleStart = 0
            }
            guard users[Int(pair)] == 0, let old = keys[Int(pair)] else { continue }
            numbers[old] = nil
            bind(pair, to: key)
            return .define(pair)
        }
        guard let pair = nearestPair(to: key) else { return .substitute(0) }
        users[Int(pair)] += 1
        return .substitute(pair)
    }

    /// A cell using `pair` left the screen (or was redrawn in other colours).
    mutating func release(_ pair: Int32) {
        let index = Int(pair)
        guard index > 0, index < users.count, users[index] > 0 else { return }
        users[index] -= 1
        if users[index] == 0 { idle.append(pair) }
    }

    /// The screen was cleared: no cell uses any pair. The definitions stay for reuse.
    mutating func releaseAll() {
        idle.removeAll(keepingCapacity: true)
        idleStart = 0
        for pair in 1..<max(1, Int(nextUnused)) where users[pair] > 0 || keys[pair] != nil {
            users[pair] = 0
            idle.append(Int32(pair))
        }
    }

    /// The combination `pair` shows, if any.
    func key(of pair: Int32) -> Key? {
        Int(pair) > 0 && Int(pair) < keys.count ? keys[Int(pair)] : nil
    }

    private mutating func bind(_ pair: Int32, to key: Key) {
        numbers[key] = pair
        if Int(pair) == keys.count {
            keys.append(key)
            users.append(1)
        } else {
            keys[Int(pair)] = key
            users[Int(pair)] = 1
        }
    }

    private func nearestPair(to key: Key) -> Int32? {
        var best: Int32?, bestDistance = Int.max
        for pair in keys.indices.dropFirst() {
            guard let candidate = keys[pair] else { continue }
            let d = Self.distance(candidate, key, direct: directColor)
            if d < bestDistance { (best, bestDistance) = (Int32(pair), d) }
        }
        return best
    }

    /// How different two combinations look: the colour distances of foregrounds and of
    /// backgrounds (the background weighs more: it fills the cell). The default colour is
    /// unknown, so it is far from every other.
    static func distance(_ a: Key, _ b: Key, direct: Bool = false) -> Int {
        func colorDistance(_ x: Int32, _ y: Int32) -> Int {
            if x == y { return 0 }
            guard let p = color(x, direct: direct), let q = color(y, direct: direct) else { return 1 << 40 }
            return Theme.distance(p, q)
        }
        return colorDistance(a.foreground, b.foreground) + 2 * colorDistance(a.background, b.background)
    }

    /// The RGB a colour number shows: packed RGB on a direct-colour terminal, else a palette
    /// index; nil for the default (-1).
    static func color(_ number: Int32, direct: Bool) -> RGB? {
        Theme.color(ofNumber: Int(number), direct: direct)
    }
}
