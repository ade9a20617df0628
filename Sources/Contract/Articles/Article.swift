/// One article as the list and the detail page show it.
public struct Article: Identifiable, Hashable, Sendable, Codable {
    public var id: Int
    public var title: String
    public var description: String
    /// The author's e-mail address, as the API sends it.
    public var author: String
    public var releaseDate: CalendarDate
    /// The header image's URL, as the API sends it (not checked: ArticleDetails reads it).
    public var image: String

    public init(id: Int, title: String, description: String, author: String, releaseDate: CalendarDate, image: String) {
        self.id = id
        self.title = title
        self.description = description
        self.author = author
        self.releaseDate = releaseDate
        self.image = image
    }

}
