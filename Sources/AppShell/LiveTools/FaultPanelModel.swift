import Core

/// A change the fault panel asks the mock backend to make (the shell applies it: the
/// endpoints' behaviours are live, so the next request obeys it).
package enum FaultChange: Hashable, Sendable {
    case behaviour(EndpointName, EndpointBehaviour)
    /// A challenge's own row (`FaultChoice`, by its title) set to one of its choices.
    case choice(String, String)
    /// The mock now runs the scenario of this name (the launcher and status lines say which).
    case scenario(String)
}

/// The fault panel's state: which rows it lists (each challenge's endpoints, then its own
/// choices), the endpoints' behaviours as last read from the mock, the choices' values, the row
/// chosen, and the scenario picker. Pure: every edit returns the `FaultChange`s for the shell to
/// apply, so it is tested without a backend.
package struct FaultPanelModel: Hashable, Sendable {
    package enum Row: Hashable, Sendable {
        case endpoint(EndpointName)
        /// A challenge's own choice (`Challenge.faultChoices`), by its title.
        case choice(String)
    }

    /// A choice row: what ← → cycle through, and where it stands.
    package struct Choice: Hashable, Sendable {
        package var choices: [String]
        package var value: String
    }

    package private(set) var rows: [Row]
    package private(set) var behaviours: [EndpointName: EndpointBehaviour]
    package private(set) var choices: [String: Choice]
    /// The failures each endpoint's challenge handles in its own way (`Challenge.extraFaults`).
    private let extraFaults: [EndpointName: [SimulatedFailure]]
    package private(set) var selection = 0
    /// The scenarios `s` cycles through, and the one whose behaviours were applied last.
    package let scenarioNames: [String]
    package private(set) var scenarioName: String
    /// Where the picker is (it moves on even past a scenario that failed to load).
    private var pickerIndex: Int
    /// The last problem (a scenario that could not be loaded), shown in the panel.
    package private(set) var problem: String?

    /// - Parameters:
    ///   - challenges: whose rows to list, in order: each one's endpoints, then its choices.
    ///   - choiceValues: where each choice row stands now, by title.
    ///   - row: the row to start on (the one chosen last time), when it is listed.
    package init(
        challenges: [Challenge], behaviours: [EndpointName: EndpointBehaviour], choiceValues: [String: String],
        scenarioNames: [String], scenarioName: String, selecting row: Row? = nil
    ) {
        rows = challenges.flatMap { $0.endpoints.map(Row.endpoint) + $0.faultChoices.map { .choice($0.title) } }
        var choices: [String: Choice] = [:]
        var extraFaults: [EndpointName: [SimulatedFailure]] = [:]
        for challenge in challenges {
            for choice in challenge.faultChoices {
                choices[choice.title] = Choice(choices: choice.choices, value: choiceValues[choice.title] ?? choice.choices.first ?? "")
            }
            for endpoint in challenge.endpoints { extraFaults[endpoint] = challenge.extraFaults }
        }
        self.choices = choices
        self.extraFaults = extraFaults
        self.behaviours = behaviours
        self.scenarioNames = scenarioNames
        self.scenarioName = scenarioName
        pickerIndex = scenarioNames.firstIndex(of: scenarioName) ?? -1
        if let row, let index = rows.firstIndex(of: row) { selection = index }
    }

    package var selectedRow: Row? { rows.indices.contains(selection) ? rows[selection] : nil }

    package func behaviour(_ endpoint: EndpointName) -> EndpointBehaviour { behaviours[endpoint] ?? .instant }

    // MARK: Editing

    /// ↑ / ↓, stopping at the ends.
    package mutating func move(by delta: Int) {
        select(selection + delta)
    }

    /// Selects row `index` (kept within the rows).
    package mutating func select(_ index: Int) {
        guard !rows.isEmpty else { return }
        selection = min(max(0, index), rows.count - 1)
    }

    /// ← / →: the chosen endpoint's next (or previous) outcome preset, or the choice's next value.
    package mutating func cycleOutcome(by step: Int) -> FaultChange? {
        switch selectedRow {
        case nil:
            return nil
        case .choice(let title):
            guard var choice = choices[title], !choice.choices.isEmpty else { return nil }
            let all = choice.choices
            let index = all.firstIndex(of: choice.value) ?? 0
            choice.value = all[(index + step % all.count + all.count) % all.count]
            choices[title] = choice
            return .choice(title, choice.value)
        case .endpoint(let endpoint):
            let presets = outcomes(for: endpoint)
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
    package mutating func changeDelay(by step: Int) -> FaultChange? {
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
    package mutating func pickNextScenario() -> String? {
        guard !scenarioNames.isEmpty else { return nil }
        pickerIndex = (pickerIndex + 1) % scenarioNames.count
        return scenarioNames[pickerIndex]
    }

    /// Sets every endpoint (listed or not) as `scenario` says, and the choices to
    /// `choiceValues` (what the scenario says of each, by title); the mock then runs it.
    package mutating func apply(_ scenario: Scenario, choiceValues: [String: String]) -> [FaultChange] {
        scenarioName = scenario.name
        problem = nil
        var changes: [FaultChange] = []
        for endpoint in behaviours.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let behaviour = scenario.behaviour(for: endpoint)
            behaviours[endpoint] = behaviour
            changes.append(.behaviour(endpoint, behaviour))
        }
        for (title, value) in choiceValues.sorted(by: { $0.key < $1.key }) {
            choices[title]?.value = value
            changes.append(.choice(title, value))
        }
        changes.append(.scenario(scenario.name))
        return changes
    }

    package mutating func failed(_ message: String) { problem = message }

    /// Takes the behaviours as the mock has them now (a `failNext` counts down as requests come).
    package mutating func refresh(_ live: [EndpointName: EndpointBehaviour]) {
        behaviours.merge(live) { $1 }
    }

    // MARK: Presets

    /// What ← / → cycle through. Every endpoint: succeed, fail (500), fail the next 3, a coin
    /// toss; then the failures its challenge's screens handle (`Challenge.extraFaults`).
    package func outcomes(for endpoint: EndpointName) -> [OutcomePattern] {
        Self.commonOutcomes + (extraFaults[endpoint] ?? []).map(OutcomePattern.alwaysFail)
    }

    /// What every endpoint offers, before its challenge's own failures.
    package static let commonOutcomes: [OutcomePattern] = [
        .alwaysSucceed, .alwaysFail(.status(500)), .failNext(3, .status(500)),
        .random(successProbability: 0.5, failure: .status(500)),
    ]

    /// Delays `+` / `-` step through (seconds), shortest first.
    package static let delays: [ClosedRange<Double>] = [0...0, 0.1...0.3, 0.5...2, 1...3, 2...5, 5...15, 15...20]

    /// Where `pattern` sits among `presets`: the same preset, or one of its kind (a `failNext`
    /// that has counted down to 2 still sits on "fail next 3", so → moves on from there).
    package static func presetIndex(of pattern: OutcomePattern, in presets: [OutcomePattern]) -> Int? {
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

    package static func describe(_ pattern: OutcomePattern) -> String {
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

    package static func describe(_ delay: ClosedRange<Double>) -> String {
        func seconds(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
        if delay.lowerBound == delay.upperBound { return delay.upperBound == 0 ? "instant" : "\(seconds(delay.upperBound)) s" }
        return "\(seconds(delay.lowerBound))–\(seconds(delay.upperBound)) s"
    }

    package static func title(of row: Row) -> String {
        switch row {
        case .endpoint(let endpoint): endpoint.rawValue
        case .choice(let title): title
        }
    }
}
