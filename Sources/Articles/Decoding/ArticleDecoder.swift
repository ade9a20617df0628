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
        var body = data
        return try decode(inPlace: &body)
    }

    /// Decodes `body` where it is: the articles' text is unescaped over the JSON it came in, so
    /// the answer's buffer becomes the list's and 100,000 articles cost the answer's size, not
    /// twice it (`InPlaceArticleParser`, Docs/performance.md). `body` is left empty.
    /// - Parameter progress: told how many articles have been read, every 10,000.
    public static func decode(inPlace body: inout Data, progress: ((Int) -> Void)? = nil) throws(APIError) -> DecodedArticles {
        let whole = IncomingBody(complete: body)
        body = Data()
        return try decode(whole, progress: progress)
    }

    /// Decodes `body` where it is, while it arrives: each article is read as soon as its bytes
    /// are there (`IncomingBody.wait(for:)`), so for a large answer the decoding is done about
    /// when the transfer is. The buffer becomes the list's (`IncomingBody.take(prefix:)`).
    /// A body that is not a JSON array, or is not valid, is waited for whole before it is
    /// described, so the error says the same as for a body that came at once.
    /// - Parameter progress: told how many articles have been read, every 10,000.
    public static func decode(_ body: IncomingBody, progress: ((Int) -> Void)? = nil) throws(APIError) -> DecodedArticles {
        // The first byte that is not whitespace.
        var first = 0
        var arrived = body.wait(for: 1)
        let opensArray = body.withUnsafeMutableBytes { raw -> Bool in
            while true {
                while first < arrived, isJSONWhitespace(raw[first]) { first += 1 }
                if first < arrived { return raw[first] == UInt8(ascii: "[") }
                let more = body.wait(for: arrived + 1)
                if more == arrived { return false }
                arrived = more
            }
        }
        guard opensArray else {
            // Not an array: nothing was changed, so the failure can be told from the bytes.
            let count = body.wait(for: body.capacity)
            let whole = body.take(prefix: count)
            throw .undecodable(whole.isEmpty ? "the response is empty" : describeFailure(of: whole))
        }
        guard body.capacity <= ArticleList.maximumBytes else {
            throw .undecodable("the response is larger than \(ArticleList.maximumBytes) bytes")
        }
        let expected = min(body.capacity / 300, 1 << 22)
        let waits = !body.isFinished
        let outcome = body.withUnsafeMutableBytes { raw -> Result<(rows: [ArticleList.Row], unreadable: Int, written: Int), APIError> in
            var parser = InPlaceArticleParser(
                raw, arrayAt: first, available: body.arrived, more: waits ? { body.wait(for: $0) } : nil)
            parser.progress = progress
            do throws(InPlaceArticleParser.Failure) {
                try parser.parse(expectedRows: expected)
                return .success((parser.rows, parser.unreadable, parser.writtenCount))
            } catch {
                guard case .syntax(let position) = error else {
                    return .failure(.undecodable("the response is not UTF-8 text"))
                }
                // What was read before the error was UTF-8 (strings are checked as they are
                // read, and everything else must be ASCII); the rest is checked now, so a body
                // that is not text says so, whatever comes first.
                let base = UnsafePointer(raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
                let text = InPlaceArticleParser.isUTF8(base, from: position, to: body.wait(for: raw.count))
                return .failure(.undecodable(text ? "the response is not valid JSON" : "the response is not UTF-8 text"))
            }
        }
        switch outcome {
        case .failure(let error):
            throw error
        case .success(let parsed):
            return DecodedArticles(
                articles: ArticleList(bytes: body.take(prefix: parsed.written), rows: parsed.rows), unreadableCount: parsed.unreadable)
        }
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
