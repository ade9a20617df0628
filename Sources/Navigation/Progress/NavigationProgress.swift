import Contract

/// What a returning user gets back: persisted (JSON, sealed by the store) after every screen
/// change and every selection change.
public struct NavigationProgress: Codable, Hashable, Sendable {
    /// The screen the user was on.
    public var screen: FlowScreen
    /// The result of rFetchExperiments, once fetched: A never asks again.
    public var experiment: Experiment?
    /// Index into `Choices.b1` (the wheel's selection).
    public var b1Selection: Int
    /// Index into `Choices.b2` of the checked option, if one is checked.
    public var b2Checked: Int?
    /// The B screen that led to C (`nil` when C2 was reached directly, the noScreenB path):
    /// where C's back button goes.
    public var cameFrom: FlowScreen?

    public init(
        screen: FlowScreen, experiment: Experiment? = nil, b1Selection: Int = 0, b2Checked: Int? = nil,
        cameFrom: FlowScreen? = nil
    ) {
        self.screen = screen
        self.experiment = experiment
        self.b1Selection = b1Selection
        self.b2Checked = b2Checked
        self.cameFrom = cameFrom
    }

    /// Where a returning user resumes, in words: "Screen C2 · Option 3", "Screen B1 · Choice A",
    /// "Screen B3" (the selection that screen shows or came from, when there is one).
    public var resumePoint: String {
        let selection: String? = switch (screen, cameFrom) {
        case (.b1, _), (.c1, _): Choices.b1.indices.contains(b1Selection) ? Choices.b1[b1Selection] : nil
        case (.b2, _), (.c2, .b2?): b2Checked.flatMap { Choices.b2.indices.contains($0) ? Choices.b2[$0] : nil }
        default: nil
        }
        return ([screen.title] + [selection].compactMap { $0 }).joined(separator: " · ")
    }

    /// Why this record can't be resumed from (hand-edited or from an incompatible version),
    /// or `nil` when it is consistent.
    public var problem: String? {
        if !Choices.b1.indices.contains(b1Selection) { return "B1 selection \(b1Selection) is out of range" }
        if let b2Checked, !Choices.b2.indices.contains(b2Checked) {
            return "B2 option \(b2Checked) is out of range"
        }
        if let cameFrom, !cameFrom.isB { return "C can't be reached from screen \(cameFrom.rawValue)" }
        if screen != .a && screen != .d && experiment == nil { return "screen \(screen.rawValue) without an experiment" }
        switch screen {
        case .c1 where cameFrom != .b1:
            return "C1 is only reached from B1"
        case .c2 where cameFrom == .b1:
            return "C2 is not reached from B1"
        default:
            return nil
        }
    }
}
