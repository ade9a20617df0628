import Contract
import Core
import Navigation

/// A change the fault panel asks the mock backend to make (the shell applies it: the
/// endpoints' behaviours are live, so the next request obeys it).
enum FaultChange: Hashable, Sendable {
    case behaviour(EndpointName, EndpointBehaviour)
    case experiment(MockNavigationAPI.ExperimentSource)
}

/// The fault panel's state: which endpoints it lists, their behaviours as last read from the
/// mock, the row chosen, the forced experiment, and the scenario picker. Pure: every edit
/// returns the `FaultChange`s for the shell to apply, so it is tested without a backend.
struct FaultPanelModel: Hashable, Sendable {
    enum Row: Hashable, Sendable {
        case endpoint(EndpointName)
        /// The navigation flow's "next experiment".
        case experiment
    }

    /// What rFetchExperiments hands out next.
    enum ExperimentChoice: String, CaseIterable, Hashable, Sendable {
        case random, screenB1, screenB2, screenB3, noScreenB

        init(_ source: MockNavigationAPI.ExperimentSource) {
            switch source {
            case .random: self = .random
            case .fixed(let experiment): self = ExperimentChoice(rawValue: experiment.rawValue) ?? .random
            }
        }

        var source: MockNavigationAPI.ExperimentSource {
            if let experiment = Experiment(rawValue: rawValue) { return .fixed(experiment) }
            return .random(seed: 7)
        }
    }

    private(set) var rows: [Row]
    private(set) var behaviours: [EndpointName: EndpointBehaviour]
    private(set) var experiment: ExperimentChoice
    private(set) var selection = 0
    /// The scenarios `s` cycles through, and the one whose behaviours were applied last.
    let scenarioNames: [String]
    private(set) var scenarioName: String
    /// Where the picker is (it moves on even past a scenario that failed to load).
    private var pickerIndex: Int
    /// The last problem (a scenario that could not be loaded), shown in the panel.
    private(set) var problem: String?

    /// - Parameter endpoints: the endpoints to list, in order; the experiment row follows when
    ///   rFetchExperiments is among them.
    init(
        endpoints: [EndpointName], behaviours: [EndpointName: EndpointBehaviour],
        experiment: ExperimentChoice, scenarioNames: [String], scenarioName: String
    ) {
        rows = endpoints.map(Row.endpoint) + (endpoints.contains(.rFetchExperiments) ? [.experiment] : [])
        self.behaviours = behaviours
        self.experiment = experiment
        self.scenarioNames = scenarioNames
        self.scenarioName = scenarioName
        pickerIndex = scenarioNames.firstIndex(of: scenarioName) ?? -1
    }

    var selectedRow: Row? { rows.indices.contains(selection) ? rows[selection] : nil }

    func behaviour(_ endpoint: EndpointName) -> EndpointBehaviour { behaviours[endpoint] ?? .instant }

    // MARK: Editing

    /// ↑ / ↓, stopping at the ends.
    mutating func move(by delta: Int) {
        select(selection + delta)
    }

    /// Selects row `index` (kept within the rows).
    mutating func select(_ index: Int) {
        guard !rows.isEmpty else { return }
        selection = min(max(0, index), rows.count - 1)
    }

    /// ← / →: the chosen endpoint's next (or previous) outcome preset, or the next experiment.
    mutating func cycleOutcome(by step: Int) -> FaultChange? {
        switch selectedRow {
        case nil:
            return nil
        case .experiment:
            let all = ExperimentChoice.allCases
            let index = all.firstIndex(of: experiment) ?? 0
            experiment = all[(index + step % all.count + all.count) % all.count]
            return .experiment(experiment.source)
        case .endpoint(let endpoint):
            let presets = Self.outcomes(for: endpoint)
            var next: Int
            if let index = Self.presetIndex(of: behaviour(endpoint).outcomes, in: presets) {
                next = (index + step % presets.count + presets.count) % presets.count
            } else {
                // Something no preset matches (a scenario's sequence): start at an end.
                next = step > 0 ? 0 : presets.count - 1
            }
            var changed = behaviour(endpoint)
            changed.outcomes = presets[next]
            behaviours[endpoint] = changed
            return .behaviour(endpoint, changed)
        }
    }

    /// `+` / `-`: the chosen endpoint's next longer (or shorter) delay on the ladder.
    mutating func changeDelay(by step: Int) -> FaultChange? {
        guard case .endpoint(let endpoint) = selectedRow else { return nil }
        let current = behaviour(endpoint).delay
        let ladder = Self.delays
        func key(_ range: ClosedRange<Double>) -> (Double, Double) { (range.upperBound, range.lowerBound) }
        let target: ClosedRange<Double>?
        if step > 0 {
            target = ladder.first { key($0) > key(current) }
        } else {
            target = ladder.last { key($0) < key(current) }
        }
        guard let target else { return nil }
        var changed = behaviour(endpoint)
        changed.delay = target
        behaviours[endpoint] = changed
        return .behaviour(endpoint, changed)
    }

    /// `s`: the next scenario's name, for the shell to load (then `apply` or `failed`).
    mutating func pickNextScenario() -> String? {
        guard !scenarioNames.isEmpty else { return nil }
        pickerIndex = (pickerIndex + 1) % scenarioNames.count
        return scenarioNames[pickerIndex]
    }

    /// Sets every endpoint (listed or not) and the experiment as `scenario` says.
    mutating func apply(_ scenario: Scenario) -> [FaultChange] {
        scenarioName = scenario.name
        problem = nil
        var changes: [FaultChange] = []
        for endpoint in EndpointName.all {
            let behaviour = scenario.behaviour(for: endpoint)
            behaviours[endpoint] = behaviour
            changes.append(.behaviour(endpoint, behaviour))
        }
        experiment = scenario.experiment.map { ExperimentChoice(.fixed($0)) } ?? .random
        changes.append(.experiment(experiment.source))
        return changes
    }

    mutating func failed(_ message: String) { problem = message }

    /// Takes the behaviours as the mock has them now (a `failNext` counts down as requests come).
    mutating func refresh(_ live: [EndpointName: EndpointBehaviour]) {
        behaviours.merge(live) { $1 }
    }

    // MARK: Presets

    /// What ← / → cycle through. Every endpoint: succeed, fail (500), fail the next 3, a coin
    /// toss; then the failures its challenge's screens handle (`Challenge.extraFaults`).
    static func outcomes(for endpoint: EndpointName) -> [OutcomePattern] {
        let common: [OutcomePattern] = [
            .alwaysSucceed, .alwaysFail(.status(500)), .failNext(3, .status(500)),
            .random(successProbability: 0.5, failure: .status(500)),
        ]
        let extra = Challenge.all.first { $0.endpoints.contains(endpoint) }?.extraFaults ?? []
        return common + extra.map(OutcomePattern.alwaysFail)
    }

    /// Delays `+` / `-` step through (seconds), shortest first.
    static let delays: [ClosedRange<Double>] = [0...0, 0.1...0.3, 0.5...2, 1...3, 2...5, 5...15, 15...20]

    /// Where `pattern` sits among `presets`: the same preset, or one of its kind (a `failNext`
    /// that has counted down to 2 still sits on "fail next 3", so → moves on from there).
    static func presetIndex(of pattern: OutcomePattern, in presets: [OutcomePattern]) -> Int? {
        if let exact = presets.firstIndex(of: pattern) { return exact }
        return presets.firstIndex { preset in
            switch (preset, pattern) {
            case (.failNext, .failNext), (.random, .random): true
            case (.alwaysFail(.status(500)), .alwaysFail(.status(let status))): (500...599).contains(status)
            default: false
            }
        }
    }

    // MARK: Text

    static func describe(_ pattern: OutcomePattern) -> String {
        switch pattern {
        case .alwaysSucceed: "always succeed"
        case .alwaysFail(let failure): "always fail (\(EndpointBehaviour.name(of: failure)))"
        case .failNext(let count, let failure): "fail next \(count) (\(EndpointBehaviour.name(of: failure)))"
        case .random(let probability, let failure):
            "\(Int((probability * 100).rounded()))% succeed, else \(EndpointBehaviour.name(of: failure))"
        case .sequence(let steps):
            "sequence " + steps.map { step in
                switch step {
                case .success: "ok"
                case .failure(let failure): EndpointBehaviour.name(of: failure)
                }
            }.joined(separator: ", ")
        }
    }

    static func describe(_ delay: ClosedRange<Double>) -> String {
        func seconds(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
        if delay.lowerBound == delay.upperBound { return delay.upperBound == 0 ? "instant" : "\(seconds(delay.upperBound)) s" }
        return "\(seconds(delay.lowerBound))–\(seconds(delay.upperBound)) s"
    }

    static func title(of row: Row) -> String {
        switch row {
        case .endpoint(let endpoint): endpoint.rawValue
        case .experiment: "next experiment"
        }
    }
}
