import Core
import FoundationEssentials

/// A named mock-backend setup (`Config/scenarios/<name>.json`, `--scenario NAME`): per endpoint,
/// a delay range and an outcome pattern, and the keys the challenges add.
///
/// ```json
/// {
///   "description": "every request is slow",
///   "defaults": { "delay": [0.5, 2], "outcome": "succeed" },
///   "endpoints": {
///     "<endpoint>": { "delay": [0.5, 2], "outcome": { "failNext": 1, "failure": "500" } }
///   }
/// }
/// ```
/// Endpoint names are those the challenges declare (`Challenge.endpoints`), other keys those
/// they declare as `Challenge.scenarioSettings`, read by their own code; behaviours are written
/// as `EndpointBehaviour+JSON` reads them.
public struct Scenario: Hashable, Sendable {
    public var name: String
    public var description: String
    /// For endpoints the scenario doesn't list; `nil`: they answer at once and succeed.
    public var defaults: EndpointBehaviour?
    public var endpoints: [EndpointName: EndpointBehaviour]
    /// The challenges' own keys (`scenario[NavigationSettings.experiment]`).
    public var settings: ChallengeSettings

    public init(
        name: String, description: String, defaults: EndpointBehaviour? = nil,
        endpoints: [EndpointName: EndpointBehaviour] = [:], settings: ChallengeSettings = ChallengeSettings()
    ) {
        self.name = name
        self.description = description
        self.defaults = defaults
        self.endpoints = endpoints
        self.settings = settings
    }

    /// A challenge's key: its value here, else its default.
    public subscript<Value>(setting: ChallengeSetting<Value>) -> Value {
        get { settings[setting] }
        set { settings[setting] = newValue }
    }

    /// What `endpoint` does in this scenario.
    public func behaviour(for endpoint: EndpointName) -> EndpointBehaviour {
        endpoints[endpoint] ?? defaults ?? .instant
    }

    /// The name of the scenario used when no other is chosen.
    public static let defaultName = "default"

    /// The scenario used when no other is chosen, built in so the app works without `Config/`
    /// (equal to `Config/scenarios/default.json`; a test checks): delays of 0.5–2 s, and each
    /// of `challenges`' part (`Challenge.defaultScenario`).
    public static func builtInDefault(for challenges: [Challenge]) -> Scenario {
        let notes = challenges.compactMap(\.defaultScenario.note)
        return Scenario(
            name: defaultName,
            description: (["Delays of 0.5-2 s"] + notes).joinedWords(separator: "; ") + ", everything else succeeds",
            defaults: EndpointBehaviour(delay: 0.5...2, outcomes: .alwaysSucceed),
            endpoints: challenges.reduce(into: [:]) { endpoints, challenge in
                endpoints.merge(challenge.defaultScenario.endpoints) { $1 }
            })
    }

    // MARK: - JSON

    /// Parses a scenario file's contents, knowing the endpoints and keys of `challenges`.
    public static func decode(
        _ data: Data, name: String, file: String, challenges: [Challenge]
    ) throws(ConfigurationError) -> Scenario {
        try Scenario(json: JSONValue.parse(data, file: file), name: name, file: file, challenges: challenges)
    }

    /// Reads a scenario; `challenges` say which endpoints and keys it may configure.
    public init(json: JSONValue, name: String, file: String, challenges: [Challenge]) throws(ConfigurationError) {
        let settings = challenges.flatMap(\.scenarioSettings)
        let known = challenges.flatMap(\.endpoints)
        let root = try JSONReader(file: file, value: json)
            .object(known: ["description"] + ChallengeSettings.groups(of: settings).map(\.key) + ["defaults", "endpoints"])
        self.name = name
        description = try root["description"]?.string() ?? ""
        self.settings = try ChallengeSettings.read(settings, from: root, over: ChallengeSettings())
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
        object.merge(settings.json) { $1 }
        if let defaults { object["defaults"] = defaults.json }
        return .object(object)
    }
}
