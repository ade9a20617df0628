/// A term and what it means: a key, a file, a variable, an exit status, an example.
public struct Definition: Equatable, Sendable {
    public var term: String
    public var meaning: String

    public init(_ term: String, _ meaning: String) {
        self.term = term
        self.meaning = meaning
    }
}
