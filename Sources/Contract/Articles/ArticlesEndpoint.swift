/// `GET /articles`: a JSON array of articles in the shape of `Article` (see Docs/articles.md).
public enum ArticlesEndpoint {
    /// The name scenario files and the fault panel use.
    public static let name = "articles"
    /// The path on challenge-server (an `--articles-url` may point anywhere else).
    public static let path = "/articles"

    /// The keys of one article object on the wire.
    public enum Key {
        public static let id = "id"
        public static let title = "title"
        public static let description = "description"
        public static let author = "author"
        public static let releaseDate = "release_date"
        public static let image = "image"
        public static let all = [id, title, description, author, releaseDate, image]
    }
}
