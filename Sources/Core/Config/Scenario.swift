import FoundationEssentials

/// The endpoints the mock backend simulates, by the names scenario files use.
public enum ScenarioEndpoint: String, CaseIterable, Hashable, Sendable {
    case rLogin, rFetchExperiments, rSubmitSelection, articles, profile, profileUpdate, passwordChange
}

/// A named mock-backend setup (`Config/scenarios/<name>.json`, `--scenario NAME`): per endpoint,
/// a delay range and an outcome pattern.
///
/// ```json
/// {
///   "description": "rLogin fails once, everything else succeeds",
///   "experiment": "screenB1",
///   "defaults": { "delay": [0.5, 2], "outcome": "succeed" },
///   "endpoints": {
///     "rLogin": { "delay": [0.5, 2], "outcome": { "failNext": 1, "failure": "500" } }
///   }
/// }
/// ```
/// Outcomes: `"succeed"`; `{"fail": F}`; `{"failNext": N, "failure": F}`;
/// `{"successRate": P, "failure": F}`; `{"sequence": ["fail:500", "fail:timeout", "succeed"]}`
/// (the last step repeats). Failures F: a status `"100"`…`"599"`, `"timeout"`, `"refused"`,
/// `"offline"`, `"malformed"`.
public struct Scenario: Hashable, Sendable {
    public static let experiments = ["screenB1", "screenB2", "screenB3", "noScreenB"]

    public var name: String
    public var description: String
    /// The experiment rFetchExperiments answers; `nil`: the mock draws one.
    public var experiment: String?
    /// For endpoints the scenario doesn't list; `nil`: they answer at once and succeed.
    public var defaults: EndpointBehaviour?
    public var endpoints: [ScenarioEndpoint: EndpointBehaviour]

    public init(
        name: String, description: String, experiment: String? = nil, defaults: EndpointBehaviour? = nil,
        endpoints: [ScenarioEndpoint: EndpointBehaviour] = [:]
    ) {
        self.name = name
        self.description = description
        self.experiment = experiment
        self.defaults = defaults
        self.endpoints = endpoints
    }

    /// What `endpoint` does in this scenario.
    public func behaviour(for endpoint: ScenarioEndpoint) -> EndpointBehaviour {
        endpoints[endpoint] ?? defaults ?? .instant
    }

    /// The scenario used when no other is chosen, built in so the app works without `Config/`
    /// (equal to `Config/scenarios/default.json`; a test checks): delays of 0.5–2 s, one visible
    /// rLogin failure and retry, no other failure.
    public static let builtInDefault = Scenario(
        name: "default",
        description: "Delays of 0.5-2 s; rLogin fails once (visible retry), everything else succeeds",
        defaults: EndpointBehaviour(delay: 0.5...2, outcomes: .alwaysSucceed),
        endpoints: [.rLogin: EndpointBehaviour(delay: 0.5...2, outcomes: .failNext(1, .status(500)))]
    )

    // MARK: - JSON

    /// Parses a scenario file's contents.
    public static func decode(_ data: Data, name: String, file: String) throws(ConfigurationError) -> Scenario {
        try Scenario(json: JSONValue.parse(data, file: file), name: name, file: file)
    }

    public init(json: JSONValue, name: String, file: String) throws(ConfigurationError) {
        let root = try JSONReader(file: file, value: json).object(known: ["description", "experiment", "defaults", "endpoints"])
        self.name = name
        description = try root["description"]?.string() ?? ""
        if let experiment = root["experiment"], !experiment.isNull {
            let value = try experiment.string()
            guard Self.experiments.contains(value) else {
                throw experiment.error("expected one of \(Self.experiments.joined(separator: ", ")), got \(experiment.value)")
            }
            self.experiment = value
        }
        defaults = try root["defaults"].map { reader throws(ConfigurationError) in try Self.behaviour(reader) }
        endpoints = [:]
        for (key, reader) in try root["endpoints"]?.dictionary() ?? [] {
            guard let endpoint = ScenarioEndpoint(rawValue: key) else {
                throw ConfigurationError(
                    file: file, keyPath: reader.path,
                    problem: "unknown endpoint (known: \(ScenarioEndpoint.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            endpoints[endpoint] = try Self.behaviour(reader)
        }
    }

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "description": .string(description),
            "endpoints": .object(Dictionary(uniqueKeysWithValues: endpoints.map { ($0.key.rawValue, Self.json($0.value)) })),
        ]
        if let experiment { object["experiment"] = .string(experiment) }
        if let defaults { object["defaults"] = Self.json(defaults) }
        return .object(object)
    }

    static func behaviour(_ reader: JSONReader) throws(ConfigurationError) -> EndpointBehaviour {
        let keys = try reader.object(known: ["delay", "outcome"])
        var delay: ClosedRange<Double> = 0...0
        if let delayReader = keys["delay"] {
            if case .number = delayReader.value {
                let seconds = try delayReader.number("a number of seconds", in: 0...3600)
                delay = seconds...seconds
            } else {
                let bounds = try delayReader.array()
                guard bounds.count == 2 else {
                    throw delayReader.error("expected [min, max] seconds or one number, got \(delayReader.value)")
                }
                let low = try bounds[0].number("a number of seconds", in: 0...3600)
                let high = try bounds[1].number("a number of seconds", in: 0...3600)
                guard low <= high else { throw delayReader.error("expected min <= max, got \(delayReader.value)") }
                delay = low...high
            }
        }
        let outcomes = try keys["outcome"].map { reader throws(ConfigurationError) in try outcome(reader) } ?? .alwaysSucceed
        return EndpointBehaviour(delay: delay, outcomes: outcomes)
    }

    static func outcome(_ reader: JSONReader) throws(ConfigurationError) -> OutcomePattern {
        let forms = #"expected "succeed", {"fail": F}, {"failNext": N, "failure": F}, {"successRate": P, "failure": F} or {"sequence": [...]}"#
        switch reader.value {
        case .string("succeed"):
            return .alwaysSucceed
        case .string(let text) where text.hasPrefix("fail:"):
            return .alwaysFail(try failure(String(text.dropFirst(5)), reader))
        case .object(let members):
            let keys = try reader.object(known: ["fail", "failNext", "failure", "successRate", "sequence"])
            if let fail = keys["fail"], members.count == 1 {
                return .alwaysFail(try failure(try fail.string(), fail))
            }
            if let count = keys["failNext"], let failureReader = keys["failure"], members.count == 2 {
                return .failNext(
                    try count.integer("a whole number of failures", atLeast: 0), try failure(try failureReader.string(), failureReader))
            }
            if let rate = keys["successRate"], let failureReader = keys["failure"], members.count == 2 {
                return .random(
                    successProbability: try rate.number("a probability between 0 and 1", in: 0...1),
                    failure: try failure(try failureReader.string(), failureReader))
            }
            if let sequence = keys["sequence"], members.count == 1 {
                let steps = try sequence.array()
                guard !steps.isEmpty else { throw sequence.error("expected at least one step") }
                var outcomes: [SimulatedOutcome] = []
                for step in steps {
                    let text = try step.string()
                    if text == "succeed" {
                        outcomes.append(.success)
                    } else if text.hasPrefix("fail:") {
                        outcomes.append(.failure(try failure(String(text.dropFirst(5)), step)))
                    } else {
                        throw step.error(#"expected "succeed" or "fail:<failure>", got \#(step.value)"#)
                    }
                }
                return .sequence(outcomes)
            }
            throw reader.error("\(forms), got \(reader.value)")
        default:
            throw reader.error("\(forms), got \(reader.value)")
        }
    }

    /// `"500"`, `"timeout"`, `"refused"`, `"offline"`, `"malformed"`.
    static func failure(_ name: String, _ reader: JSONReader) throws(ConfigurationError) -> SimulatedFailure {
        switch name {
        case "timeout": return .timeout
        case "refused": return .refused
        case "offline": return .offline
        case "malformed": return .malformed
        default:
            guard name.utf8.count == 3, let status = Int(name), (100...599).contains(status) else {
                throw reader.error(#"expected a failure: an HTTP status such as "500", or "timeout", "refused", "offline", "malformed"; got "\#(name)""#)
            }
            return .status(status)
        }
    }

    static func json(_ behaviour: EndpointBehaviour) -> JSONValue {
        .object([
            "delay": .array([.number(behaviour.delay.lowerBound), .number(behaviour.delay.upperBound)]),
            "outcome": json(behaviour.outcomes),
        ])
    }

    static func json(_ pattern: OutcomePattern) -> JSONValue {
        switch pattern {
        case .alwaysSucceed: .string("succeed")
        case .alwaysFail(let failure): .object(["fail": .string(name(of: failure))])
        case .failNext(let count, let failure):
            .object(["failNext": .number(Double(count)), "failure": .string(name(of: failure))])
        case .random(let probability, let failure):
            .object(["successRate": .number(probability), "failure": .string(name(of: failure))])
        case .sequence(let outcomes):
            .object(["sequence": .array(outcomes.map { outcome in
                switch outcome {
                case .success: .string("succeed")
                case .failure(let failure): .string("fail:\(name(of: failure))")
                }
            })])
        }
    }

    /// The name scenario files use for `failure`.
    public static func name(of failure: SimulatedFailure) -> String {
        switch failure {
        case .status(let status): String(status)
        case .timeout: "timeout"
        case .refused: "refused"
        case .offline: "offline"
        case .malformed: "malformed"
        }
    }
}
