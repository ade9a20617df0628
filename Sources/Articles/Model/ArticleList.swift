import Contract
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A list of articles in a compact form: every article's text in one UTF-8 buffer, and per
/// article a fixed-size row (its id, its release day and where each field's bytes are). 100,000
/// articles are then two allocations instead of half a million strings, sorting moves 48-byte
/// rows, and the buffer can be the very bytes the answer came in (`ArticleDecoder` unescapes the
/// fields in place). An `Article` is made on access — only for what a screen shows.
/// See Docs/performance.md, "Articles at scale".
public struct ArticleList: Sendable {
    /// Where one field's bytes are in `bytes`.
    struct Field: Hashable, Sendable {
        var start: UInt32
        var count: UInt32
    }

    /// One article: 48 bytes.
    struct Row: Hashable, Sendable {
        var id: Int
        /// `year * 10_000 + month * 100 + day`: orders like the date.
        var day: Int32
        var title: Field
        var description: Field
        var author: Field
        var image: Field
    }

    /// Every field's bytes; rows point into it. May hold bytes no row points at (what the
    /// decoder dropped), never fewer.
    var bytes: Data
    var rows: [Row]

    public init() {
        bytes = Data()
        rows = []
    }

    init(bytes: Data, rows: [Row]) {
        self.bytes = bytes
        self.rows = rows
    }

    public init(_ articles: some Sequence<Article>) {
        self.init()
        for article in articles { append(article) }
    }

    /// The largest buffer the 32-bit offsets of a row can address.
    static let maximumBytes = Int(UInt32.max)

    public mutating func append(_ article: Article) {
        func field(_ text: String) -> Field {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return Field(start: UInt32(start), count: UInt32(bytes.count - start))
        }
        rows.append(Row(
            id: article.id, day: Self.dayKey(article.releaseDate), title: field(article.title),
            description: field(article.description), author: field(article.author), image: field(article.image)))
    }

    /// Appends `other`'s articles (its bytes are copied after ours).
    mutating func append(contentsOf other: ArticleList) {
        let base = UInt32(bytes.count)
        bytes.append(other.bytes)
        rows.reserveCapacity(rows.count + other.rows.count)
        for var row in other.rows {
            row.title.start += base
            row.description.start += base
            row.author.start += base
            row.image.start += base
            rows.append(row)
        }
    }

    mutating func reserveCapacity(rows count: Int, bytes total: Int) {
        rows.reserveCapacity(count)
        bytes.reserveCapacity(total)
    }

    static func dayKey(_ date: CalendarDate) -> Int32 {
        Int32(date.year * 10_000 + date.month * 100 + date.day)
    }

    static func date(_ key: Int32) -> CalendarDate {
        let key = Int(key)
        return CalendarDate(year: key / 10_000, month: key / 100 % 100, day: key % 100)
            ?? CalendarDate(year: 1970, month: 1, day: 1)!
    }

    /// The id of the article at `index`, without making the article.
    public func id(at index: Int) -> Int { rows[index].id }

    /// Where the article with `id` is (a scan of the rows, no article made).
    public func index(ofID id: Int) -> Int? { rows.firstIndex { $0.id == id } }

    /// The article with `id`, if the list has it.
    public func article(withID id: Int) -> Article? { index(ofID: id).map { self[$0] } }

    /// Text bytes the list holds.
    public var byteCount: Int { bytes.count }

    func text(_ field: Field) -> String {
        bytes.withUnsafeBytes { raw in
            let start = Int(field.start)
            return String(decoding: UnsafeRawBufferPointer(rebasing: raw[start..<start + Int(field.count)]), as: UTF8.self)
        }
    }
}

extension ArticleList: RandomAccessCollection {
    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }

    public subscript(position: Int) -> Article {
        let row = rows[position]
        return Article(
            id: row.id, title: text(row.title), description: text(row.description), author: text(row.author),
            releaseDate: Self.date(row.day), image: text(row.image))
    }
}

extension ArticleList: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Article...) {
        self.init(elements)
    }
}

extension ArticleList: Hashable {
    /// The same articles in the same order, wherever their bytes are.
    public static func == (lhs: ArticleList, rhs: ArticleList) -> Bool {
        guard lhs.rows.count == rhs.rows.count else { return false }
        return lhs.bytes.withUnsafeBytes { left in
            rhs.bytes.withUnsafeBytes { right in
                func same(_ a: Field, _ b: Field) -> Bool {
                    a.count == b.count
                        && (a.count == 0 || memcmp(left.baseAddress! + Int(a.start), right.baseAddress! + Int(b.start), Int(a.count)) == 0)
                }
                for (a, b) in zip(lhs.rows, rhs.rows) {
                    guard a.id == b.id, a.day == b.day, same(a.title, b.title), same(a.description, b.description),
                        same(a.author, b.author), same(a.image, b.image)
                    else { return false }
                }
                return true
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows.count)
        for row in rows { hasher.combine(row.id) }
    }
}

extension ArticleList: CustomStringConvertible {
    public var description: String { "\(Array(self))" }
}

extension ArticleList {
    static func validDate(year: Int, month: Int, day: Int) -> Bool {
        CalendarDate(year: year, month: month, day: day) != nil
    }
}

extension ArticleList {
    /// The same articles in the same order as an array of them.
    public static func == (lhs: ArticleList, rhs: [Article]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
    }

    public static func == (lhs: [Article], rhs: ArticleList) -> Bool { rhs == lhs }
}
