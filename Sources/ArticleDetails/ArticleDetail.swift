import Articles
import Contract

/// The detail page of one article, ready to draw.
public struct ArticleDetail: Hashable, Sendable, Identifiable {
    public var id: Int
    public var title: String
    /// The full description.
    public var body: String
    /// The author's e-mail address.
    public var author: String
    /// "Wed, Jul 8, '20".
    public var date: String
    public var image: HeaderImage
    /// The image's URL as the article gave it: what the picture is downloaded from.
    public var imageURL: String

    public init(_ article: Article) {
        id = article.id
        title = article.title
        body = article.description
        author = article.author
        date = ArticleDate.string(from: article.releaseDate)
        image = HeaderImage(url: article.image)
        imageURL = article.image
    }
}
