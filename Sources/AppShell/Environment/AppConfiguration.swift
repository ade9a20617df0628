import Core
import FoundationEssentials

/// Everything the program reads from `Config/default.json` and `--config FILE`: built-in
/// defaults (equal to `Config/default.json`; a test checks), overridden key by key by a
/// partial file. The keys every challenge shares are fields here; the keys a challenge owns
/// (`articlesURL`, `retry.login`, `profileToken`, …) are declared by its registration
/// (`Challenge.settings`), read by its own code, and kept in `settings`
/// (`configuration[ArticlesSettings.url]`).
public struct AppConfiguration: Hashable, Sendable {
    /// The challenge server, for `--backend http`.
    public var serverURL: URL
    /// The longest one HTTP request may take (the challenge server delays up to 15 s).
    public var requestTimeout: Duration
    /// In the file as megabytes (`"responseLimits": {"api": 8, "image": 5}`, 1 MB = 1,048,576
    /// bytes); here in bytes.
    public var responseLimits: ResponseLimits
    /// The mock backend's scenario when `--scenario` isn't given.
    public var scenario: String
    /// Clicks and the wheel (false, or `--no-mouse`: the terminal keeps its own text selection).
    /// See Docs/mouse-and-paste.md.
    public var mouse: Bool
    /// The terminal's background: auto (found out), dark or light (Docs/configuration.md,
    /// "Terminals"); `--background` overrides it.
    public var background: BackgroundSetting
    /// The screen-reader mode: a plain transcript instead of a full screen (or `--screen-reader`;
    /// Docs/screen-reader.md).
    public var screenReader: Bool
    /// The full screen's high-contrast theme (or `--high-contrast`; Docs/configuration.md,
    /// "Terminals").
    public var highContrast: Bool
    /// The challenges' own keys.
    public var settings: ChallengeSettings

    public init(
        serverURL: URL, requestTimeout: Duration, responseLimits: ResponseLimits = .standard,
        scenario: String, mouse: Bool = true, background: BackgroundSetting = .auto, screenReader: Bool = false,
        highContrast: Bool = false, settings: ChallengeSettings = ChallengeSettings()
    ) {
        self.serverURL = serverURL
        self.requestTimeout = requestTimeout
        self.responseLimits = responseLimits
        self.scenario = scenario
        self.mouse = mouse
        self.background = background
        self.screenReader = screenReader
        self.highContrast = highContrast
        self.settings = settings
    }

    /// A challenge's key: its value here, else its default.
    public subscript<Value>(setting: ChallengeSetting<Value>) -> Value {
        get { settings[setting] }
        set { settings[setting] = newValue }
    }

    /// The built-in defaults, with the keys of `challenges`.
    public static func defaults(for challenges: [Challenge]) -> AppConfiguration {
        AppConfiguration(
            serverURL: URL(string: "http://127.0.0.1:3000")!, requestTimeout: .seconds(30), responseLimits: .standard,
            scenario: "default", mouse: true, settings: ChallengeSettings(defaultsOf: challenges.flatMap(\.settings)))
    }

    /// What `responseLimits` counts in the file: 1 MB = 1,048,576 bytes.
    public static let megabyte = ResponseLimits.megabyte

    // MARK: - Loading

    /// Reads `path` (a whole or partial configuration) and lays it over `base` (nil: the
    /// defaults of `challenges`), knowing the keys of `challenges`.
    public static func load(
        from path: String, over base: AppConfiguration? = nil, challenges: [Challenge]
    ) throws(ConfigurationError) -> AppConfiguration {
        try decode(try ConfigurationFile.read(path), file: path, over: base, challenges: challenges)
    }

    /// Parses `data` (named `file` in errors) and lays it over `base` (nil: the defaults of
    /// `challenges`).
    public static func decode(
        _ data: Data, file: String, over base: AppConfiguration? = nil, challenges: [Challenge]
    ) throws(ConfigurationError) -> AppConfiguration {
        let json = try JSONValue.parse(data, file: file)
        return try AppConfiguration(json: json, file: file, over: base, challenges: challenges)
    }

    /// Lays the (possibly partial) `json` over `base`, checking every key and value: the shared
    /// keys here, each challenge's keys by the challenge's own code. `base` nil: the defaults of
    /// `challenges`.
    public init(
        json: JSONValue, file: String, over base: AppConfiguration? = nil, challenges: [Challenge]
    ) throws(ConfigurationError) {
        let base = base ?? .defaults(for: challenges)
        guard case .object = json else {
            throw ConfigurationError(file: file, keyPath: "", problem: "expected an object, got \(json.excerpt)")
        }
        let settings = challenges.flatMap(\.settings)
        // Every key of `settings` is in the base (their defaults where `base` has none), so a
        // partial file always has a whole value under it.
        let whole = JSONValue.object(ChallengeSettings(defaultsOf: settings).json).merged(with: base.json)
        let merged = ChallengeSettings.merge(whole, json, settings: settings)
        let known = Keys.all + ChallengeSettings.groups(of: settings).map(\.key)
        let root = try JSONReader(file: file, value: merged).object(known: known)
        func required(_ key: String) throws(ConfigurationError) -> JSONReader {
            guard let reader = root[key] else { throw ConfigurationError(file: file, keyPath: key, problem: "missing") }
            return reader
        }
        serverURL = try Self.httpURL(try required(Keys.serverURL))
        requestTimeout = try required(Keys.requestTimeout).seconds(allowZero: false)
        let limits = try required(Keys.responseLimits).object(known: ["api", "image"])
        guard let apiLimit = limits["api"], let imageLimit = limits["image"] else {
            throw ConfigurationError(file: file, keyPath: Keys.responseLimits, problem: "needs both api and image")
        }
        responseLimits = ResponseLimits(api: try Self.megabytes(apiLimit), image: try Self.megabytes(imageLimit))
        let scenario = try required(Keys.scenario)
        self.scenario = try scenario.string()
        guard ScenarioLibrary.isValidName(self.scenario) else {
            throw scenario.error("expected a scenario name (letters, digits, - and _), got \(scenario.value.excerpt)")
        }
        mouse = try required(Keys.mouse).bool()
        background = try required(Keys.background).choice(BackgroundSetting.self)
        screenReader = try required(Keys.screenReader).bool()
        highContrast = try required(Keys.highContrast).bool()
        self.settings = try ChallengeSettings.read(settings, from: root, over: ChallengeSettings(defaultsOf: settings))
    }

    /// The same without the challenges' secrets (`ChallengeSetting.isSecret`): those read as their
    /// defaults and `json` leaves them out (what a recording's header holds).
    public func withoutSecrets(of challenges: [Challenge]) -> AppConfiguration {
        var copy = self
        copy.settings = settings.withoutSecrets(of: challenges.flatMap(\.settings))
        return copy
    }

    /// The configuration as JSON, in the shape of `Config/default.json`.
    public var json: JSONValue {
        var members: [String: JSONValue] = [
            Keys.serverURL: .string(serverURL.absoluteString),
            Keys.requestTimeout: .number(requestTimeout.inSeconds),
            Keys.responseLimits: .object([
                "api": .number(Double(responseLimits.api) / Double(Self.megabyte)),
                "image": .number(Double(responseLimits.image) / Double(Self.megabyte)),
            ]),
            Keys.scenario: .string(scenario),
            Keys.mouse: .bool(mouse),
            Keys.background: .string(background.rawValue),
            Keys.screenReader: .bool(screenReader),
            Keys.highContrast: .bool(highContrast),
        ]
        members.merge(settings.json) { $1 }
        return .object(members)
    }

    private enum Keys {
        package static let serverURL = "serverURL"
        package static let requestTimeout = "requestTimeout"
        package static let responseLimits = "responseLimits"
        package static let scenario = "scenario"
        package static let mouse = "mouse"
        package static let background = "background"
        package static let screenReader = "screenReader"
        package static let highContrast = "highContrast"
        package static let all = [serverURL, requestTimeout, responseLimits, scenario, mouse, background, screenReader, highContrast]
    }

    /// A size in megabytes, from 1 KB to 1 GB: below that not even an error page fits, above it
    /// the limit protects nothing.
    private static func megabytes(_ reader: JSONReader) throws(ConfigurationError) -> Int {
        let value = try reader.number("a size in megabytes from 0.001 to 1024", in: 0.001...1024)
        return Int((value * Double(megabyte)).rounded())
    }

    /// An `http://` or `https://` URL with a host (a challenge's URL keys read theirs with it).
    package static func httpURL(_ reader: JSONReader) throws(ConfigurationError) -> URL {
        let text = try reader.string()
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else { throw reader.error("expected an http:// or https:// URL, got \(reader.value.excerpt)") }
        // As on the command line: the address is not repeated, so its password never is either.
        guard url.user == nil, url.password == nil else {
            throw reader.error("user names and passwords in the address are not supported")
        }
        return url
    }
}
