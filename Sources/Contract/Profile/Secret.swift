/// A password or token. It never shows itself: `description`, `debugDescription`, `dump` and
/// string interpolation all give "•••", so logging a state, an event or an effect that holds one
/// cannot leak it. The value is read only through `revealed`, where it is sent.
public struct Secret: Equatable, Sendable, ExpressibleByStringLiteral {
    private let value: String

    public init(_ value: String) { self.value = value }
    public init(stringLiteral value: String) { self.value = value }

    /// The value itself, for the request body or header that carries it. Nothing else.
    public var revealed: String { value }

    public var isEmpty: Bool { value.isEmpty }

    /// Length in characters (what a person counts), for the length rules.
    public var count: Int { value.count }

    /// One `•` per character: what a password field shows.
    public var masked: String { String(repeating: "•", count: value.count) }

    public static let empty = Secret("")
}

extension Secret: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "•••" }
    public var debugDescription: String { "•••" }
    // No children: `dump` and `Mirror` see nothing but the placeholder.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
