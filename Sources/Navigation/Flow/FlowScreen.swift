/// The screens of the navigation flow, in the order of the challenge's diagram.
public enum FlowScreen: String, Codable, CaseIterable, Hashable, Sendable {
    case a = "A"
    case b1 = "B1"
    case b2 = "B2"
    case b3 = "B3"
    case c1 = "C1"
    case c2 = "C2"
    case d = "D"

    /// "Screen A", "Screen B1", …: the heading a screen shows.
    public var title: String { "Screen \(rawValue)" }

    public var isB: Bool { self == .b1 || self == .b2 || self == .b3 }
    public var isC: Bool { self == .c1 || self == .c2 }

    /// The name rSubmitSelection sends for a B screen that submits ("screenB1", "screenB2").
    public var requestName: String { "screen\(rawValue)" }
}
