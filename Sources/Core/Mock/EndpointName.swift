/// The name of a simulated endpoint ("rLogin", "articles", …): the key of scenario files, the
/// fault panel's rows and the mock endpoints' random streams. Core knows no names; the wire
/// contract declares them (`EndpointName.rLogin`, …).
public struct EndpointName: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    public static func < (lhs: EndpointName, rhs: EndpointName) -> Bool { lhs.rawValue < rhs.rawValue }
}
