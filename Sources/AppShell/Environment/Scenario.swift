import Contract
import Core
import FoundationEssentials

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
/// Endpoint names are those the challenges declare (`EndpointName.all`); behaviours are written as
/// `EndpointBehaviour+JSON` reads them.
public struct Scenario: Hashable, Sendable {
    public var name: String
    public var description: String
    /// The experiment rFetchExperiments answers; `nil`: the mock draws one.
    public var experiment: Experiment?
    /// For endpoints the scenario doesn't list; `nil`: they answer at once and succeed.
    public var defaults: EndpointBehaviour?
    public var endpoints: [EndpointName: EndpointBehaviour]

    public init(
        name: String, description: String, experiment: Experiment? = nil, defaults: EndpointBehaviour? = nil,
        endpoints: [EndpointName: EndpointBehaviour] = [:]
    ) {
        self.name = name
        self.description = description
        self.experiment = experiment
        self.defaults = defaults
        self.endpoints = endpoints
    }

    /// What `endpoint` does in this scenario.
    public func behaviour(for endpoint: EndpointName) -> EndpointBehaviour {
        endpoints[endpoint] ?? defaults ?? .instant
    }

    /// The scenario used when no other is chosen, built in so the app works without `Config/`
    /// (equal to `Config/scenarios/default.json`; a test checks): delays of 0.5–2 s, one visible
    /// rLogin failure and retry, no other failure.
    public static let builtInDefault = Scenario(
        name: "default",
        description: "Delays of 0.5-2 s; rLogin fails once (visible retry), everything else succeeds",
        defaults: EndpointBehaviour(delay: 0.5...2, outcomes: .alwaysSucceed),
        endpoints: [
            .rLogin: EndpointBehaviour(delay: 0.5...2, outcomes: .failNext(1, .status(500))),
            // Pictures come quicker than API answers, as from a CDN (Docs/images.md, "In the app").
            .images: EndpointBehaviour(delay: 0.2...0.6, outcomes: .alwaysSucceed),
        ]
    )

    // MARK: - JSON

    /// Parses a scenario file's contents.
    public static func decode(_ data: Data, name: String, file: String) throws(ConfigurationError) -> Scenario {
        try Scenario(json: JSONValue.parse(data, file: file), name: name, file: file)
    }

    /// Reads a scenario; `known` are the endpoint names it may configure.
    public init(json: JSONValue, name: String, file: String, known: [EndpointName] = EndpointName.all) throws(ConfigurationError) {
        let root = try JSONReader(file: file, value: json).object(known: ["description", "experiment", "defaults", "endpoints"])
        self.name = name
        description = try root["description"]?.string() ?? ""
        if let experiment = root["experiment"], !experiment.isNull {
            guard let value = Experiment(rawValue: try experiment.string()) else {
                let names = Experiment.allCases.map(\.rawValue).joined(separator: ", ")
                throw experiment.error("expected one of \(names), got \(experiment.value.excerpt)")
            }
            self.experiment = value
        }
        defaults = try root["defaults"].map { reader throws(ConfigurationError) in try EndpointBehaviour(reader: reader) }
        endpoints = [:]
        for (key, reader) in try root["endpoints"]?.dictionary() ?? [] {
            let endpoint = EndpointName(key)
            guard known.contains(endpoint) else {
                throw ConfigurationError(
                    file: file, keyPath: reader.path,
                    problem: "unknown endpoint (known: \(known.map(\.rawValue).joined(separator: ", ")))")
            }
            endpoints[endpoint] = try EndpointBehaviour(reader: reader)
        }
    }

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "description": .string(description),
            "endpoints": .object(Dictionary(uniqueKeysWithValues: endpoints.map { ($0.key.rawValue, $0.value.json) })),
        ]
        if let experiment { object["experiment"] = .string(experiment.rawValue) }
        if let defaults { object["defaults"] = defaults.json }
        return .object(object)
    }
}
