import Contract

extension Experiment {
    /// Where screen A leads for this experiment.
    public var screenAfterA: FlowScreen {
        switch self {
        case .screenB1: .b1
        case .screenB2: .b2
        case .screenB3: .b3
        case .noScreenB: .c2
        }
    }
}
