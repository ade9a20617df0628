import Core

/// Reads the articles endpoint's answer: decodes it while it arrives (`ArticleDecoder.decode(_:)`)
/// and puts it in list order, on the reader's thread, telling the header how far it has got.
struct ArticlesReader: BodyReader {
    /// Lists shorter than this are sorted in well under a frame: nothing to announce.
    static let sortingNoticeCount = 10_000

    let report: @Sendable (SyncProgress) -> Void

    func read(_ body: IncomingBody) -> Result<DecodedArticles, APIError> {
        do {
            var decoded = try ArticleDecoder.decode(body) { count in
                // While the answer arrives the header shows the transfer; the articles read are
                // shown once it has all come and only the reading is left.
                if body.isFinished { report(.reading(count: count)) }
            }
            if decoded.articles.count >= Self.sortingNoticeCount { report(.sorting(count: decoded.articles.count)) }
            decoded.articles = decoded.articles.sortedByRelease()
            return .success(decoded)
        } catch {
            return .failure(error)
        }
    }
}
