/// What rFetchExperiments answers: which B screen (if any) this user sees.
/// Raw values are exactly the server's strings.
public enum Experiment: String, Codable, CaseIterable, Hashable, Sendable {
    case screenB1
    case screenB2
    case screenB3
    case noScreenB
}
