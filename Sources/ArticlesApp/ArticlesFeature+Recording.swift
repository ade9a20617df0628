import AppShell
import ArticleDetails
import Articles
import Contract
import Core
import FoundationEssentials
import Imaging
import TUI

/// The articles' answers in a recording (Docs/recording.md): lists and pictures are blobs,
/// written once however often a sync brings the same list back.
extension ArticlesFeature: RecordableFeature {
    package static func recordAnswer(_ event: Event, blobs: SessionBlobs) -> JSONValue? {
        switch event {
        case .domain(.cacheLoaded(let result)):
            return .object(["cacheLoaded": SessionValues.json(result, { stored in
                stored.map { stored in
                    .object([
                        "articles": blobs.share(json(stored.articles)), "unreadable": .int(stored.unreadableCount),
                        "storedCount": .int(stored.storedCount),
                        // Which write of the list it is: the parts read later answer for it.
                        "generation": stored.generation.map(JSONValue.int) ?? .null,
                    ])
                } ?? .null
            }, SessionValues.json)])
        case .domain(.fetchFinished(let attempt, let result, let time)):
            return .object([
                "fetchFinished": .int(attempt), "at": .string(time.description),
                "result": SessionValues.json(result, { decoded in
                    .object(["articles": blobs.share(json(decoded.articles)), "unreadable": .int(decoded.unreadableCount)])
                }, SessionValues.json),
            ])
        case .domain(.syncProgress(let attempt, let progress)):
            let step: JSONValue = switch progress {
            case .receiving(let bytes, let total): .object(["receiving": .int(bytes), "of": total.map(JSONValue.int) ?? .null])
            case .reading(let count): .object(["reading": .int(count)])
            case .sorting(let count): .object(["sorting": .int(count)])
            }
            return .object(["syncProgress": .int(attempt), "progress": step])
        case .domain(.storedRowsLoaded(let generation, let loaded, let result)):
            // More of the stored list, read while a long sync runs and the list is scrolled.
            return .object([
                "storedRowsLoaded": .int(generation), "loaded": .int(loaded),
                "result": SessionValues.json(result, { list in list.map { blobs.share(json($0)) } ?? .null }, SessionValues.json),
            ])
        case .domain(.timerFired(let id)):
            return .object(["timerFired": .string(id.rawValue)])
        case .domain(.cacheSaved(let error)):
            return .object(["cacheSaved": error.map(SessionValues.json) ?? .null])
        case .pictures(.loaded(let url, let picture)):
            // Whether it was reduced decides if a larger box asks for it again (Docs/images.md).
            return .object([
                "pictureLoaded": .string(url), "picture": blobs.share(SessionPictures.json(picture.bitmap)),
                "reduced": .bool(picture.isReduced),
            ])
        case .pictures(.failed(let url, let attempt, let failure)):
            let reason: JSONValue = switch failure {
            case .download(let error): .object(["download": SessionValues.json(error)])
            case .undecodable(let reason): .object(["undecodable": .string(reason)])
            }
            return .object(["pictureFailed": .string(url), "attempt": .int(attempt), "failure": reason])
        case .pictures(.retryDue(let url)):
            return .object(["pictureRetryDue": .string(url)])
        // Keys, clicks and layout: recorded as the keys and resizes that made them. Listed one by
        // one, so a new answer is a compile error until it is written here.
        case .domain(.appeared), .domain(.disappeared), .domain(.retry), .domain(.open), .domain(.close),
             .domain(.dismissNotice), .domain(.storedRowsWanted):
            return nil
        case .pictures(.shown), .pictures(.left), .select, .scroll, .filter, .viewport:
            return nil
        }
    }

    package static func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> Event {
        let object = try SessionObject(reader, known: [
            "cacheLoaded", "fetchFinished", "at", "result", "syncProgress", "progress", "timerFired", "cacheSaved", "pictureLoaded",
            "picture", "reduced", "pictureFailed", "attempt", "failure", "pictureRetryDue", "storedRowsLoaded", "loaded",
        ])
        if let loaded = object.optional("cacheLoaded") {
            return .domain(.cacheLoaded(try SessionValues.result(loaded, { stored throws(ConfigurationError) in
                guard !stored.isNull else { return nil }
                let members = try SessionObject(stored, known: ["articles", "unreadable", "storedCount", "generation"])
                let articles = try list(try blobs.resolve(try members("articles")))
                let generation = try members.optional("generation").flatMap { value throws(ConfigurationError) -> Int? in
                    value.isNull ? nil : try value.int(in: 0...Int(Int32.max))
                }
                return StoredArticles(
                    articles: articles, unreadableCount: try members("unreadable").int(in: 0...Int(Int32.max)),
                    storedCount: try members("storedCount").int(in: articles.count...Int(Int32.max)), generation: generation)
            }, SessionValues.storeError)))
        }
        if let attempt = object.optional("fetchFinished") {
            let at = try object("at")
            let parts = try at.string(atMost: 5).split(separator: ":")
            guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
            else { throw at.error("expected HH:MM") }
            let result = try SessionValues.result(try object("result"), { decoded throws(ConfigurationError) in
                let members = try SessionObject(decoded, known: ["articles", "unreadable"])
                return DecodedArticles(
                    articles: try list(try blobs.resolve(try members("articles"))),
                    unreadableCount: try members("unreadable").int(in: 0...Int(Int32.max)))
            }, SessionValues.apiError)
            return .domain(.fetchFinished(
                attempt: try attempt.int(in: 1...1_000_000), result, at: WallClockTime(hour: hour, minute: minute)))
        }
        if let attempt = object.optional("syncProgress") {
            let step = try SessionObject(try object("progress"), known: ["receiving", "of", "reading", "sorting"])
            let progress: SyncProgress
            let counts = 0...Int(Int64(1) << 50)
            if let bytes = step.optional("receiving") {
                progress = .receiving(bytes: try bytes.int(in: counts), of: try step.optional("of")?.int(in: counts))
            } else if let count = step.optional("reading") {
                progress = .reading(count: try count.int(in: counts))
            } else if let count = step.optional("sorting") {
                progress = .sorting(count: try count.int(in: counts))
            } else {
                throw try object("progress").error("expected receiving, reading or sorting")
            }
            return .domain(.syncProgress(attempt: try attempt.int(in: 1...1_000_000), progress))
        }
        if let generation = object.optional("storedRowsLoaded") {
            let result = try SessionValues.result(try object("result"), { list throws(ConfigurationError) -> ArticleList? in
                list.isNull ? nil : try Self.list(try blobs.resolve(list))
            }, SessionValues.storeError)
            return .domain(.storedRowsLoaded(
                generation: try generation.int(in: 0...Int(Int32.max)), loaded: try object("loaded").int(in: 0...Int(Int32.max)), result))
        }
        if let id = object.optional("timerFired") { return .domain(.timerFired(try id.choice(ArticlesTimerID.self))) }
        if object.has("cacheSaved") {
            return .domain(.cacheSaved(try object.optional("cacheSaved").map { error throws(ConfigurationError) in
                try SessionValues.storeError(error)
            }))
        }
        if let url = object.optional("pictureLoaded") {
            let bitmap = try SessionPictures.bitmap(try blobs.resolve(try object("picture")))
            let reduced = try object.optional("reduced")?.bool() ?? false
            return .pictures(.loaded(url: try url.string(atMost: 8192), Picture(bitmap, isReduced: reduced)))
        }
        if let url = object.optional("pictureFailed") {
            let reason = try SessionObject(try object("failure"), known: ["download", "undecodable"])
            let failure: PictureFailure
            if let error = reason.optional("download") {
                failure = .download(try SessionValues.apiError(error))
            } else {
                failure = .undecodable(try reason("undecodable").string(atMost: 4096))
            }
            return .pictures(.failed(url: try url.string(atMost: 8192), attempt: try object("attempt").int(in: 1...1000), failure))
        }
        if let url = object.optional("pictureRetryDue") { return .pictures(.retryDue(url: try url.string(atMost: 8192))) }
        throw reader.error("not an answer the articles challenge receives")
    }

    // MARK: Article lists

    private static func json(_ articles: ArticleList) -> JSONValue {
        .array(articles.map { article in
            .object([
                "id": .int(article.id), "title": .string(article.title), "description": .string(article.description),
                "author": .string(article.author), "date": .string(article.releaseDate.description), "image": .string(article.image),
            ])
        })
    }

    private static func list(_ reader: JSONReader) throws(ConfigurationError) -> ArticleList {
        var list = ArticleList()
        for item in try reader.array() {
            let article = try SessionObject(item, known: ["id", "title", "description", "author", "date", "image"])
            let date = try article("date")
            guard let releaseDate = CalendarDate(parsing: try date.string(atMost: 10)) else { throw date.error("expected M/D/YYYY") }
            let limit = SessionFormat.longestText
            list.append(Article(
                id: try article("id").int(in: Int(Int32.min)...Int(Int32.max)), title: try article("title").string(atMost: limit),
                description: try article("description").string(atMost: limit), author: try article("author").string(atMost: limit),
                releaseDate: releaseDate, image: try article("image").string(atMost: 8192)))
        }
        return list
    }
}
