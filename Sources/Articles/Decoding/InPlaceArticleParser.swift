import Contract
#if canImport(Glibc)
import Glibc
#endif

/// Reads a JSON array of articles straight from its bytes into `ArticleList` rows, writing each
/// kept field's unescaped text over the bytes already read: text without its quotes, keys and
/// escapes is never longer than the JSON it came from, so the writing position stays behind the
/// reading one and the answer's buffer becomes the list's. No `JSONDecoder`, no intermediate
/// values, one pass (Docs/performance.md, "Articles at scale").
///
/// The rules are `JSONDecoder`'s (RFC 8259): a syntax error anywhere fails the whole body, as
/// does a byte that is not UTF-8 inside a string; an element that is valid JSON but not an
/// article (a missing or mistyped field, a fraction or an out-of-range number for the id, a bad
/// date, a lone surrogate escape) is set aside and counted. Nesting deeper than
/// `maximumDepth` is a syntax error, and nothing recurses deeper than that.
struct InPlaceArticleParser: ~Copyable {
    enum Failure: Error {
        /// Not JSON (or nested too deep); `at` is where reading stopped.
        case syntax(at: Int)
        /// A string holds bytes that are not UTF-8.
        case notUTF8
    }

    static let maximumDepth = 512

    private let p: UnsafeMutablePointer<UInt8>
    /// Bytes that can be read now: all of them, or those that have arrived of a body still
    /// arriving (`more` waits for the rest).
    private var end: Int
    /// Bytes the body will have.
    private let total: Int
    /// Waits until at least the given number of bytes have arrived (or all there will be) and
    /// returns how many have; nil for a body that is whole.
    private let more: ((Int) -> Int)?
    private var r: Int
    private var w: Int
    private(set) var rows: [ArticleList.Row] = []
    private(set) var unreadable = 0
    /// The ids kept so far, once they stopped ascending (`isNew`).
    private var seen = Set<Int>()
    /// Whether the kept ids ascend so far, and the last of them.
    private var idsAscend = true
    private var lastID = 0
    /// Told the number of articles read, every `progressStep` of them.
    var progress: ((Int) -> Void)?
    static let progressStep = 10_000

    /// - Parameters:
    ///   - start: where the array's `[` is (everything before it is whitespace).
    ///   - available: how many of the buffer's bytes have arrived, when it is still filling;
    ///     `more` waits for the others (`IncomingBody.wait(for:)`).
    ///   - refillStep: how far past what it needs the parser waits for (tests read byte by byte).
    init(
        _ buffer: UnsafeMutableRawBufferPointer, arrayAt start: Int, available: Int? = nil, more: ((Int) -> Int)? = nil,
        refillStep: Int = 64 * 1024
    ) {
        p = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        total = buffer.count
        end = min(available ?? buffer.count, buffer.count)
        self.more = more
        self.refillStep = refillStep
        r = start
        w = start + 1
    }

    /// Bytes of the buffer the rows use, from its start.
    var writtenCount: Int { w }

    /// Parses the array; then `rows` point into the buffer's first `writtenCount` bytes.
    mutating func parse(expectedRows: Int = 0) throws(Failure) {
        rows.reserveCapacity(expectedRows)
        r += 1  // the "["
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            r += 1
        } else {
            while true {
                try element()
                skipWhitespace()
                guard has(1) else { throw .syntax(at: r) }
                let byte = p[r]
                r += 1
                if byte == UInt8(ascii: "]") { break }
                guard byte == UInt8(ascii: ",") else { throw .syntax(at: r - 1) }
            }
        }
        skipWhitespace()
        guard !has(1) else { throw .syntax(at: r) }
    }

    // MARK: Elements

    private mutating func element() throws(Failure) {
        skipWhitespace()
        guard peek == UInt8(ascii: "{") else {
            try skipValue(depth: 1)
            unreadable += 1
            return
        }
        r += 1
        let rowStart = w
        var id: Int?
        var day: Int32?
        var title: ArticleList.Field?, description: ArticleList.Field?, author: ArticleList.Field?, image: ArticleList.Field?
        var bad = false
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            r += 1
        } else {
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw .syntax(at: r) }
                let keyStart = w
                _ = try string(writing: true)
                let key = Key(p + keyStart, w - keyStart)
                w = keyStart
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw .syntax(at: r) }
                r += 1
                skipWhitespace()
                switch key {
                case .id:
                    if let number = try integer() { id = number } else { bad = true }
                case .title, .description, .author, .image:
                    guard peek == UInt8(ascii: "\"") else {
                        try skipValue(depth: 2)
                        bad = true
                        break
                    }
                    let start = w
                    if !(try string(writing: true)) { bad = true }
                    let field = ArticleList.Field(start: UInt32(start), count: UInt32(w - start))
                    switch key {
                    case .title: title = field
                    case .description: description = field
                    case .author: author = field
                    default: image = field
                    }
                case .releaseDate:
                    guard peek == UInt8(ascii: "\"") else {
                        try skipValue(depth: 2)
                        bad = true
                        break
                    }
                    let start = w
                    if !(try string(writing: true)) { bad = true }
                    if let date = Self.date(p + start, w - start) { day = ArticleList.dayKey(date) } else { bad = true }
                    w = start
                case .other:
                    try skipValue(depth: 2)
                }
                skipWhitespace()
                guard has(1) else { throw .syntax(at: r) }
                let byte = p[r]
                r += 1
                if byte == UInt8(ascii: "}") { break }
                guard byte == UInt8(ascii: ",") else { throw .syntax(at: r - 1) }
            }
        }
        // A repeated id would make two rows indistinguishable to the list and the detail
        // page: the first one wins, the others count as unreadable.
        guard !bad, let id, let day, var title, var description, var author, var image, isNew(id) else {
            w = rowStart
            unreadable += 1
            return
        }
        var cut = false
        limit(&title, ArticleDecoder.maximumTitleBytes, &cut)
        limit(&description, ArticleDecoder.maximumDescriptionBytes, &cut)
        limit(&author, ArticleDecoder.maximumAuthorBytes, &cut)
        limit(&image, ArticleDecoder.maximumImageURLBytes, &cut)
        if cut { unreadable += 1 }
        rows.append(ArticleList.Row(id: id, day: day, title: title, description: description, author: author, image: image))
        if let progress, rows.count % Self.progressStep == 0 { progress(rows.count) }
    }

    /// Whether no kept article has `id` yet; keeps it. While the ids ascend (as feeds list them)
    /// a larger one is new without a look-up; the first that does not builds the set of them all.
    private mutating func isNew(_ id: Int) -> Bool {
        if idsAscend {
            if rows.isEmpty || id > lastID {
                lastID = id
                return true
            }
            idsAscend = false
            seen.reserveCapacity(rows.count * 2)
            for row in rows { seen.insert(row.id) }
        }
        return seen.insert(id).inserted
    }

    /// Cuts a field over its limit where it is (the cut text is shorter, so it fits).
    private func limit(_ field: inout ArticleList.Field, _ bytes: Int, _ cut: inout Bool) {
        guard Int(field.count) > bytes else { return }
        let text = String(decoding: UnsafeBufferPointer(start: p + Int(field.start), count: Int(field.count)), as: UTF8.self)
        let kept = Array(ArticleDecoder.truncated(text, toBytes: bytes).utf8)
        kept.withUnsafeBufferPointer { (p + Int(field.start)).update(from: $0.baseAddress!, count: $0.count) }
        field.count = UInt32(kept.count)
        cut = true
    }

    private enum Key {
        case id, title, description, author, releaseDate, image, other

        /// By length first: one comparison of bytes for most keys (six of them, every article).
        init(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) {
            func equals(_ name: StaticString) -> Bool { memcmp(bytes, name.utf8Start, count) == 0 }
            switch count {
            case 2: self = equals("id") ? .id : .other
            case 5: self = equals("title") ? .title : equals("image") ? .image : .other
            case 6: self = equals("author") ? .author : .other
            case 11: self = equals("description") ? .description : .other
            case 12: self = equals("release_date") ? .releaseDate : .other
            default: self = .other
            }
        }
    }

    private static func date(_ bytes: UnsafeMutablePointer<UInt8>, _ count: Int) -> CalendarDate? {
        // Short and ASCII when valid; anything else fails the strict parser anyway.
        guard count <= 10 else { return nil }
        return CalendarDate(parsing: UnsafeBufferPointer(start: bytes, count: count))
    }

    // MARK: Values

    /// Whether `count` bytes can be read from `r`, waiting for them if the body is still arriving.
    @inline(__always)
    private mutating func has(_ count: Int) -> Bool {
        end - r >= count || refill(r + count)
    }

    /// Waits for the body to reach `target` bytes (a little more, so as not to wake for every
    /// few bytes); false when it never will.
    @inline(never)
    private mutating func refill(_ target: Int) -> Bool {
        guard let more, end < total else { return false }
        end = min(total, more(min(total, max(target, end + refillStep))))
        return end >= target
    }

    /// How far past what it needs the parser waits for a body still arriving: a wake-up per
    /// 64 KB, not per few bytes.
    private let refillStep: Int

    private var peek: UInt8? {
        mutating get { has(1) ? p[r] : nil }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        // Most calls find a value or a single space there.
        if r < end, p[r] > 0x20 { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while has(1) {
            let byte = p[r]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            r += 1
        }
    }

    /// Any JSON value, checked and passed over; nothing is written.
    private mutating func skipValue(depth: Int) throws(Failure) {
        guard depth <= Self.maximumDepth, has(1) else { throw .syntax(at: r) }
        switch p[r] {
        case UInt8(ascii: "\""):
            let mark = w
            _ = try string(writing: false)
            w = mark
        case UInt8(ascii: "{"):
            r += 1
            skipWhitespace()
            if peek == UInt8(ascii: "}") { r += 1; return }
            while true {
                skipWhitespace()
                guard peek == UInt8(ascii: "\"") else { throw .syntax(at: r) }
                _ = try string(writing: false)
                skipWhitespace()
                guard peek == UInt8(ascii: ":") else { throw .syntax(at: r) }
                r += 1
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard has(1) else { throw .syntax(at: r) }
                let byte = p[r]
                r += 1
                if byte == UInt8(ascii: "}") { return }
                guard byte == UInt8(ascii: ",") else { throw .syntax(at: r - 1) }
            }
        case UInt8(ascii: "["):
            r += 1
            skipWhitespace()
            if peek == UInt8(ascii: "]") { r += 1; return }
            while true {
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                guard has(1) else { throw .syntax(at: r) }
                let byte = p[r]
                r += 1
                if byte == UInt8(ascii: "]") { return }
                guard byte == UInt8(ascii: ",") else { throw .syntax(at: r - 1) }
            }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            _ = try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard has(count), memcmp(p + r, word.utf8Start, count) == 0 else { throw .syntax(at: r) }
        r += count
    }

    /// The id: a JSON integer that fits an `Int`, or `nil` for any other valid value (a
    /// fraction, an exponent, too many digits, a string, `null`…), which makes the element
    /// unreadable.
    private mutating func integer() throws(Failure) -> Int? {
        guard let byte = peek, byte == UInt8(ascii: "-") || Self.isDigit(byte) else {
            try skipValue(depth: 2)
            return nil
        }
        return try number()
    }

    /// A JSON number, checked; its value when it is an integer that fits an `Int`.
    private mutating func number() throws(Failure) -> Int? {
        let negative = peek == UInt8(ascii: "-")
        if negative { r += 1 }
        guard let first = peek, Self.isDigit(first) else { throw .syntax(at: r) }
        var value = 0
        var fits = true
        if first == UInt8(ascii: "0") {
            r += 1
        } else {
            while let byte = peek, Self.isDigit(byte) {
                let digit = Int(byte - UInt8(ascii: "0"))
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                if o1 || o2 { fits = false } else { value = next }
                r += 1
            }
        }
        var integral = true
        if peek == UInt8(ascii: ".") {
            r += 1
            guard let byte = peek, Self.isDigit(byte) else { throw .syntax(at: r) }
            while let byte = peek, Self.isDigit(byte) { r += 1 }
            integral = false
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            r += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { r += 1 }
            guard let byte = peek, Self.isDigit(byte) else { throw .syntax(at: r) }
            while let byte = peek, Self.isDigit(byte) { r += 1 }
            integral = false
        }
        return integral && fits ? value : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// A string at `r` (its opening quote), unescaped to `w` when `writing`. Returns whether it
    /// is a valid string value (`false`: a lone surrogate escape, which only its element pays for).
    private mutating func string(writing: Bool) throws(Failure) -> Bool {
        r += 1
        var valid = true
        while true {
            // The plain run up to the next quote, escape, control or non-ASCII byte, moved at once.
            let runStart = r
            r = Self.plainRun(p, from: r, to: end)
            while r < end {
                let byte = p[r]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                r += 1
            }
            if writing, r > runStart {
                if w != runStart { memmove(p + w, p + runStart, r - runStart) }
                w += r - runStart
            }
            guard r < end else {
                // The run reached the bytes that have arrived: on with the next ones.
                guard has(1) else { throw .syntax(at: r) }
                continue
            }
            let byte = p[r]
            if byte == UInt8(ascii: "\"") {
                r += 1
                return valid
            }
            if byte < 0x20 { throw .syntax(at: r) }
            if byte >= 0x80 {
                _ = has(4)
                let length = Self.utf8Length(p, r, end)
                guard length > 0 else { throw .notUTF8 }
                if writing {
                    for offset in 0..<length { p[w + offset] = p[r + offset] }
                    w += length
                }
                r += length
                continue
            }
            // An escape.
            r += 1
            guard has(1) else { throw .syntax(at: r) }
            let escaped = p[r]
            r += 1
            var scalar: UInt32
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalar = UInt32(escaped)
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    // A high surrogate needs its low one, as the next escape.
                    if has(6), p[r] == UInt8(ascii: "\\"), p[r + 1] == UInt8(ascii: "u") {
                        r += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            valid = false
                            scalar = 0xFFFD
                        }
                    } else {
                        valid = false
                        scalar = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    valid = false
                    scalar = 0xFFFD
                }
            default:
                throw .syntax(at: r - 1)
            }
            if writing { writeScalar(scalar) }
        }
    }

    /// Where the plain text from `start` ends, eight bytes at a time: the first byte before `end`
    /// that may be a quote, a backslash, a control character or part of a character of several
    /// bytes (the byte loop after it decides), or about `end`. Most of a feed is such runs (the
    /// descriptions), and a byte at a time was the decoder's largest cost.
    @inline(__always)
    static func plainRun(_ p: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var r = start
        while end - r >= 8 {
            let x = UInt64(littleEndian: UnsafeRawPointer(p + r).loadUnaligned(as: UInt64.self))
            let quote = x ^ (ones &* 0x22)
            let backslash = x ^ (ones &* 0x5C)
            // A byte of the word flagged where it is 0 (the quote, the backslash), below 0x20 or
            // has its high bit set. Flags can be wrong only above a right one, so the lowest is
            // always right.
            let flags = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (x &- ones &* 0x20) & ~x) & highs | x & highs
            if flags != 0 { return r + flags.trailingZeroBitCount >> 3 }
            r += 8
        }
        return r
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard has(4) else { throw .syntax(at: r) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = p[r]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .syntax(at: r)
            }
            value = value << 4 | UInt32(digit)
            r += 1
        }
        return value
    }

    /// UTF-8 of `scalar` at `w` (at most 4 bytes, from an escape of at least 6: always behind `r`).
    private mutating func writeScalar(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            p[w] = UInt8(scalar); w += 1
        case 0x80..<0x800:
            p[w] = UInt8(0xC0 | scalar >> 6); p[w + 1] = UInt8(0x80 | scalar & 0x3F); w += 2
        case 0x800..<0x10000:
            p[w] = UInt8(0xE0 | scalar >> 12); p[w + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            p[w + 2] = UInt8(0x80 | scalar & 0x3F); w += 3
        default:
            p[w] = UInt8(0xF0 | scalar >> 18); p[w + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            p[w + 2] = UInt8(0x80 | scalar >> 6 & 0x3F); p[w + 3] = UInt8(0x80 | scalar & 0x3F); w += 4
        }
    }

    /// The length of the well-formed UTF-8 sequence at `i` (a byte ≥ 0x80), or 0 when it is not
    /// one (Unicode's table 3-7: no overlong forms, no surrogates, nothing past U+10FFFF).
    static func utf8Length(_ p: UnsafePointer<UInt8>, _ i: Int, _ end: Int) -> Int {
        let lead = p[i]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            i + offset < end && range.contains(p[i + offset])
        }
        switch lead {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    /// Whether `count` bytes from `start` are UTF-8 (what is left after a syntax error: the
    /// body's failure says "not UTF-8" before "not JSON", as it always has).
    static func isUTF8(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var i = start
        while i < end {
            if p[i] < 0x80 { i += 1; continue }
            let length = utf8Length(p, i, end)
            guard length > 0 else { return false }
            i += length
        }
        return true
    }
}
