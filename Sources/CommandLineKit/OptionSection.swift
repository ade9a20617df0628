/// A group of options under a heading, with prose before them (`ARTICLES`, `PROFILE`).
public struct OptionSection: Equatable, Sendable {
    /// `nil`: the options follow the usage without a heading.
    public var title: String?
    public var paragraphs: [HelpParagraph]
    public var options: [OptionDeclaration]

    public init(_ title: String? = nil, paragraphs: [HelpParagraph] = [], options: [OptionDeclaration]) {
        self.title = title
        self.paragraphs = paragraphs
        self.options = options
    }
}
