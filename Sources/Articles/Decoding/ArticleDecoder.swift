import Contract
import Core
import FoundationEssentials

/// Turns a response body into articles. The one decoding path of the app: the mock and the HTTP
/// API both hand over raw bytes, and the runtime decodes them here.
///
/// A body that is not a JSON array is a failed sync (`APIError.undecodable`), because nothing in
/// it can be trusted. Inside the array each element stands alone: one that can't be read is
/// dropped and counted, so a single bad record never hides the other fifty-nine.
///
/// Every text field has a size limit (UTF-8 bytes): longer text is cut at a character boundary
/// and ends in "…", and the article counts as not read fully. See Docs/security.md.
public enum ArticleDecoder {
    public static let maximumTitleBytes = 1024
    public static let maximumAuthorBytes = 256
    public static let maximumDescriptionBytes = 64 * 1024
    public static let maximumImageURLBytes = 2048

    public static func decode(_ data: Data) throws(APIError) -> DecodedArticles {
        // Checked first: otherwise a bad byte inside one string would only drop that element,
        // and a body that isn't text is not a list of articles.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw .undecodable(data.isEmpty ? "the response is empty" : "the response is not UTF-8 text")
        }
        let elements: [LossyElement]
        do {
            elements = try JSONDecoder().decode([LossyElement].self, from: data)
        } catch {
            throw .undecodable(describeFailure(of: data))
        }
        var articles: [Article] = []
        articles.reserveCapacity(elements.count)
        var seen = Set<Int>(minimumCapacity: elements.count)
        var unreadable = 0
        for element in elements {
            // A repeated id would make two rows indistinguishable to the list and the detail
            // page: the first one wins, the others count as unreadable.
            guard let article = element.article, seen.insert(article.id).inserted else {
                unreadable += 1
                continue
            }
            let (kept, wasCut) = limited(article)
            if wasCut { unreadable += 1 }
            articles.append(kept)
        }
        return DecodedArticles(articles: articles, unreadableCount: unreadable)
    }

    /// `article` with every text field within its limit, and whether any had to be cut.
    static func limited(_ article: Article) -> (Article, wasCut: Bool) {
        var article = article
        var cut = false
        func limit(_ text: inout String, _ bytes: Int) {
            guard text.utf8.count > bytes else { return }
            text = truncated(text, toBytes: bytes)
            cut = true
        }
        limit(&article.title, maximumTitleBytes)
        limit(&article.author, maximumAuthorBytes)
        limit(&article.description, maximumDescriptionBytes)
        limit(&article.image, maximumImageURLBytes)
        return (article, cut)
    }

    /// `text` cut to at most `limit` UTF-8 bytes with "…" (3 bytes) included, at a character
    /// boundary: never half a character, never a letter without its accent.
    static func truncated(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        let budget = limit - "…".utf8.count
        var used = 0
        var end = text.startIndex
        for character in text {
            let size = character.utf8.count
            guard used + size <= budget else { break }
            used += size
            end = text.index(after: end)
        }
        return text[..<end] + "…"
    }

    /// Why the body is not a list of articles, in words for the error line.
    static func describeFailure(of data: Data) -> String {
        guard let first = data.first(where: { !isJSONWhitespace($0) }) else {
            return "the response is empty"
        }
        guard String(validating: data, as: UTF8.self) != nil else {
            return "the response is not UTF-8 text"
        }
        let found: String
        switch first {
        case UInt8(ascii: "{"): found = "an object"
        case UInt8(ascii: "\""): found = "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): found = "true or false"
        case UInt8(ascii: "n"): found = "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): found = "a number"
        default: return "the response is not valid JSON"
        }
        // Only claim "got an object" when the body really is JSON; broken JSON says so.
        guard (try? JSONParser.parse(Array(data))) != nil else {
            return "the response is not valid JSON"
        }
        return "expected a list of articles, got \(found)"
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

/// The challenge's wire shape. Decodable is strict about types: a number in quotes, a fraction for an
/// id, or `null` for a string all fail, which is what makes an element unreadable.
private struct WireArticle: Decodable {
    let id: Int
    let title: String
    let description: String
    let author: String
    let releaseDate: String
    let image: String

    enum CodingKeys: String, CodingKey {
        case id, title, description, author, image
        case releaseDate = "release_date"
    }
}

/// One array element that never fails to decode: `article` is `nil` when it couldn't be read.
private struct LossyElement: Decodable {
    let article: Article?

    init(from decoder: any Decoder) {
        guard let wire = try? WireArticle(from: decoder),
            let date = CalendarDate(parsing: wire.releaseDate)
        else {
            article = nil
            return
        }
        article = Article(
            id: wire.id, title: wire.title, description: wire.description, author: wire.author,
            releaseDate: date, image: wire.image)
    }
}
