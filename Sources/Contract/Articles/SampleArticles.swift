import Core
import FoundationEssentials

/// The project's own sample articles: what the mock API and `challenge-server` serve.
///
/// Deterministic (the same count and seed give the same bytes), in the challenge's shape, with enough
/// variety to exercise every path of the screens: long and short descriptions, equal release
/// dates (the id tie-break), and image URLs of every kind ArticleDetails reads (dummyimage with
/// full or short hex colours, without extension or colours, square, and a few other hosts).
/// Authors use reserved example domains, so no real address is ever shown.
public enum SampleArticles {
    public static let defaultSeed: UInt64 = 2020

    /// `count` articles with ids 1…count, in the order a server sends them (not sorted).
    public static func articles(count: Int = 60, seed: UInt64 = defaultSeed) -> [Article] {
        var generator = Generator(seed: seed)
        var articles: [Article] = []
        articles.reserveCapacity(max(0, count))
        for id in stride(from: 1, through: count, by: 1) {
            articles.append(generator.article(id: id))
        }
        return articles
    }

    /// The exact body a server sends for `articles(count:seed:)`: a JSON array, one article a line.
    public static func json(count: Int = 60, seed: UInt64 = defaultSeed) -> Data {
        json(for: articles(count: count, seed: seed))
    }

    /// Any articles in the wire shape (`release_date` as `M/d/yyyy`).
    public static func json(for articles: [Article]) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(articles.count * 640 + 4)
        out.append(UInt8(ascii: "["))
        for (index, article) in articles.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: "{\"id\":\(article.id),\"title\":".utf8)
            appendJSONString(article.title, to: &out)
            out.append(contentsOf: ",\"description\":".utf8)
            appendJSONString(article.description, to: &out)
            out.append(contentsOf: ",\"author\":".utf8)
            appendJSONString(article.author, to: &out)
            out.append(contentsOf: ",\"release_date\":".utf8)
            appendJSONString(article.releaseDate.description, to: &out)
            out.append(contentsOf: ",\"image\":".utf8)
            appendJSONString(article.image, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "\n]\n".utf8)
        return Data(out)
    }

    /// `text` as a JSON string literal, quotes included (challenge-server writes the rewritten
    /// image URLs with it too).
    public static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most text needs no escaping: copy it whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// The random draws behind the samples, one article at a time.
private struct Generator {
    var random: SeededRandom
    /// Release dates drawn so far, to repeat some.
    var dates: [CalendarDate] = []

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func article(id: Int) -> Article {
        let date = releaseDate()
        dates.append(date)
        return Article(
            id: id, title: title(), description: description(), author: author(), releaseDate: date,
            image: image(id: id))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    mutating func title() -> String {
        "\(pick(Words.qualities)) \(pick(Words.kinds)) \(pick(Words.things))"
    }

    /// Sentences of filler words. Lengths vary from a line to a long paragraph, so the list's
    /// two-line preview sometimes fits and often needs its ellipsis.
    mutating func description() -> String {
        let words: Int
        switch int(0...9) {
        case 0: words = int(4...12)
        case 1...6: words = int(20...70)
        default: words = int(70...140)
        }
        var text = ""
        text.reserveCapacity(words * 8)
        var sentenceLeft = 0
        for index in 0..<words {
            let word = int(0...(Words.filler.count - 1))
            if sentenceLeft == 0 {
                if index > 0 { text += ". " }
                sentenceLeft = int(5...16)
                text += Words.capitalizedFiller[word]
            } else {
                text += " "
                text += Words.filler[word]
            }
            sentenceLeft -= 1
        }
        return text + "."
    }

    mutating func author() -> String {
        let first = pick(Words.givenNames)
        let last = pick(Words.familyNames)
        return "\(first.prefix(1))\(last)\(int(0...99))@\(pick(Words.domains))"
    }

    /// A day in 2018…2020; one article in six shares the date of an earlier one, so equal dates
    /// (sorted by id) show up in every list.
    mutating func releaseDate() -> CalendarDate {
        if !dates.isEmpty, int(0...5) == 0 {
            return dates[int(0...(dates.count - 1))]
        }
        let year = int(2018...2020)
        let month = int(1...12)
        return CalendarDate(validYear: year, month: month, day: int(1...CalendarDate.daysIn(month: month, year: year)))
    }

    mutating func image(id: Int) -> String {
        let width = int(20...90) * 10 + int(0...9)
        let height = int(20...90) * 10 + int(0...9)
        let (background, foreground) = pick(Words.colourPairs)
        switch int(0...19) {
        case 0...12:
            return "http://dummyimage.com/\(width)x\(height).\(pick(Words.extensions))/\(background)/\(foreground)"
        case 13, 14:
            let (bg, fg) = pick(Words.shortColourPairs)
            return "http://dummyimage.com/\(width)x\(height).png/\(bg)/\(fg)"
        case 15:
            return "https://dummyimage.com/\(width)x\(height)/\(background)/\(foreground)"
        case 16:
            return "http://dummyimage.com/\(width)x\(height).\(pick(Words.extensions))"
        case 17:
            return "http://dummyimage.com/\(width).jpg/\(background)/\(foreground)"
        default:
            return pick(Words.otherImageHosts).replacing("{id}", with: String(id))
        }
    }
}

/// The word lists of the samples (written for this project).
private enum Words {
    static let qualities = [
        "Adaptive", "Balanced", "Centralized", "Compact", "Configurable", "Cooperative", "Distributed",
        "Durable", "Elastic", "Enhanced", "Focused", "Grounded", "Harmonized", "Incremental",
        "Layered", "Lightweight", "Modular", "Observable", "Portable", "Quiet", "Refined",
        "Resilient", "Scalable", "Streamlined", "Transparent", "Unified", "Versioned", "Welcoming",
    ]
    static let kinds = [
        "offline-first", "event-driven", "real-time", "multi-tenant", "third generation",
        "zero-copy", "asynchronous", "cross-platform", "data-rich", "local", "secure", "open",
        "hybrid", "lean", "context-aware", "fault-tolerant", "bidirectional", "composable",
    ]
    static let things = [
        "archive", "benchmark", "cache", "catalogue", "console", "dashboard", "editor", "engine",
        "gateway", "index", "journal", "kernel", "ledger", "monitor", "notebook", "pipeline",
        "planner", "protocol", "reader", "scheduler", "toolkit", "tracker", "workbench",
    ]
    static let filler = [
        "lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed",
        "eiusmod", "tempor", "incididunt", "labore", "dolore", "magna", "aliqua", "enim", "minim",
        "veniam", "quis", "nostrud", "exercitation", "ullamco", "laboris", "nisi", "aliquip",
        "commodo", "consequat", "duis", "aute", "irure", "reprehenderit", "voluptate", "velit",
        "esse", "cillum", "fugiat", "nulla", "pariatur", "excepteur", "sint", "occaecat",
        "cupidatat", "proident", "sunt", "culpa", "officia", "deserunt", "mollit", "anim", "est",
        "laborum", "porta", "vitae", "nunc", "morbi", "tellus", "varius", "quam", "lacus",
    ]
    static let capitalizedFiller = filler.map { $0.prefix(1).uppercased() + $0.dropFirst() }
    static let givenNames = [
        "Ada", "Bruno", "Clara", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas",
        "Keiko", "Lars", "Mira", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tomas",
    ]
    static let familyNames = [
        "abbott", "berg", "castillo", "dunn", "eriksen", "fontaine", "garza", "holm", "ivanova",
        "jensen", "kowalski", "lindqvist", "moreau", "nakamura", "okafor", "petrov", "quinn",
        "rossi", "sato", "tanaka", "underwood", "varga", "weber", "young",
    ]
    // Reserved names (RFC 2606): none of these addresses can reach anyone.
    static let domains = ["example.com", "example.org", "example.net", "mail.example", "press.test", "news.example.org"]
    static let extensions = ["png", "jpg", "bmp", "gif"]
    static let colourPairs = [
        ("2b6cb0", "ffffff"), ("c53030", "ffffff"), ("dddddd", "000000"), ("2f855a", "ffffff"),
        ("f6e05e", "1a202c"), ("6b46c1", "ffffff"), ("dd6b20", "000000"), ("285e61", "e6fffa"),
        ("1a202c", "f7fafc"), ("fbb6ce", "702459"),
    ]
    static let shortColourPairs = [("09f", "fff"), ("333", "eee"), ("c00", "fff"), ("fc0", "000"), ("6a5", "111")]
    static let otherImageHosts = [
        "https://images.example.com/covers/{id}.jpg",
        "https://cdn.example.org/articles/{id}/header.webp",
        "http://static.example.net/img/{id}",
    ]
}
