/// What rFetchExperiments answers: which B screen (if any) this user sees.
/// Raw values are exactly the server's strings.
public enum Experiment: String, Codable, CaseIterable, Hashable, Sendable {
    case screenB1
    case screenB2
    case screenB3
    case noScreenB

    /// Where screen A leads for this experiment.
    public var screenAfterA: Screen {
        switch self {
        case .screenB1: .b1
        case .screenB2: .b2
        case .screenB3: .b3
        case .noScreenB: .c2
        }
    }
}
