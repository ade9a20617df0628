import Contract
import Core
import FoundationEssentials
import Navigation
import Articles

/// Everything the program reads from `Config/default.json` and `--config FILE`: built-in
/// defaults (equal to `Config/default.json`; a test checks), overridden key by key by a
/// partial file.
public struct AppConfiguration: Hashable, Sendable, Codable {
    public struct RetryPolicies: Hashable, Sendable {
        public var login: RetryPolicy
        public var articles: RetryPolicy

        public init(login: RetryPolicy, articles: RetryPolicy) {
            self.login = login
            self.articles = articles
        }
    }

    /// The challenge server, for `--backend http`.
    public var serverURL: URL
    /// The full articles URL; `nil` means `<serverURL>/articles`.
    public var articlesURL: URL?
    /// The longest one HTTP request may take (the challenge server delays up to 15 s).
    public var requestTimeout: Duration
    public var retry: RetryPolicies
    /// The JWT the profile challenge sends as `Authorization: Bearer …`.
    public var profileToken: String
    /// The mock backend's scenario when `--scenario` isn't given.
    public var scenario: String
    /// Clicks and the wheel (false, or `--no-mouse`: the terminal keeps its own text selection).
    /// See Docs/mouse-and-paste.md.
    public var mouse: Bool

    public init(
        serverURL: URL, articlesURL: URL? = nil, requestTimeout: Duration, retry: RetryPolicies,
        profileToken: String, scenario: String, mouse: Bool = true
    ) {
        self.serverURL = serverURL
        self.articlesURL = articlesURL
        self.requestTimeout = requestTimeout
        self.retry = retry
        self.profileToken = profileToken
        self.scenario = scenario
        self.mouse = mouse
    }

    /// The built-in defaults; `Config/default.json` holds the same.
    public static let defaults = AppConfiguration(
        serverURL: URL(string: "http://127.0.0.1:3000")!,
        articlesURL: nil,
        requestTimeout: .seconds(30),
        retry: RetryPolicies(login: .login, articles: .articlesSync),
        profileToken: DevToken.default,
        scenario: "default",
        mouse: true
    )

    /// `articlesURL`, else `<serverURL>/articles`.
    public var resolvedArticlesURL: URL {
        articlesURL ?? serverURL.appendingPathComponent("articles")
    }

    // MARK: - Loading

    /// Reads `path` (a whole or partial configuration) and lays it over `base`.
    public static func load(from path: String, over base: AppConfiguration = .defaults) throws(ConfigurationError) -> AppConfiguration {
        try decode(try ConfigurationFile.read(path), file: path, over: base)
    }

    /// Parses `data` (named `file` in errors) and lays it over `base`.
    public static func decode(_ data: Data, file: String, over base: AppConfiguration = .defaults) throws(ConfigurationError) -> AppConfiguration {
        let json = try JSONValue.parse(data, file: file)
        return try AppConfiguration(json: json, file: file, over: base)
    }

    /// Lays the (possibly partial) `json` over `base`, checking every key and value.
    public init(json: JSONValue, file: String, over base: AppConfiguration = .defaults) throws(ConfigurationError) {
        guard case .object = json else {
            throw ConfigurationError(file: file, keyPath: "", problem: "expected an object, got \(json)")
        }
        let merged = Self.mergeSchedules(base.json, json).merged(with: json)
        let root = try JSONReader(file: file, value: merged).object(known: Keys.all)
        func required(_ key: String) throws(ConfigurationError) -> JSONReader {
            guard let reader = root[key] else { throw ConfigurationError(file: file, keyPath: key, problem: "missing") }
            return reader
        }
        serverURL = try Self.httpURL(try required(Keys.serverURL))
        let articles = try required(Keys.articlesURL)
        articlesURL = articles.isNull ? nil : try Self.httpURL(articles)
        requestTimeout = try required(Keys.requestTimeout).seconds(allowZero: false)
        let retry = try required(Keys.retry).object(known: ["login", "articles"])
        guard let login = retry["login"], let articlesPolicy = retry["articles"] else {
            throw ConfigurationError(file: file, keyPath: Keys.retry, problem: "needs both login and articles")
        }
        self.retry = RetryPolicies(login: try RetryPolicy(reader: login), articles: try RetryPolicy(reader: articlesPolicy))
        profileToken = try required(Keys.profileToken).string()
        let scenario = try required(Keys.scenario)
        self.scenario = try scenario.string()
        guard ScenarioLibrary.isValidName(self.scenario) else {
            throw scenario.error("expected a scenario name (letters, digits, - and _), got \(scenario.value)")
        }
        mouse = try required(Keys.mouse).bool()
    }

    /// The configuration as JSON, in the shape of `Config/default.json`.
    public var json: JSONValue {
        .object([
            Keys.serverURL: .string(serverURL.absoluteString),
            Keys.articlesURL: articlesURL.map { .string($0.absoluteString) } ?? .null,
            Keys.requestTimeout: .number(requestTimeout.inSeconds),
            Keys.retry: .object(["login": retry.login.json, "articles": retry.articles.json]),
            Keys.profileToken: .string(profileToken),
            Keys.scenario: .string(scenario),
            Keys.mouse: .bool(mouse),
        ])
    }

    public init(from decoder: any Decoder) throws {
        try self.init(json: JSONValue(from: decoder), file: "configuration")
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    private enum Keys {
        static let serverURL = "serverURL"
        static let articlesURL = "articlesURL"
        static let requestTimeout = "requestTimeout"
        static let retry = "retry"
        static let profileToken = "profileToken"
        static let scenario = "scenario"
        static let mouse = "mouse"
        static let all = [serverURL, articlesURL, requestTimeout, retry, profileToken, scenario, mouse]
    }

    /// A policy given a constant `delay` drops the base's exponential schedule, and the other
    /// way round, so `{"retry":{"login":{"delay":3}}}` means what it says.
    private static func mergeSchedules(_ base: JSONValue, _ override: JSONValue) -> JSONValue {
        guard case .object(var root) = base, case .object(let changes) = override,
              case .object(let retryChanges)? = changes[Keys.retry], case .object(var retry)? = root[Keys.retry]
        else { return base }
        for (name, change) in retryChanges {
            guard case .object(let policyChanges) = change, case .object(var policy)? = retry[name] else { continue }
            if policyChanges["delay"] != nil {
                RetryPolicy.exponentialKeys.forEach { policy[$0] = nil }
            } else if RetryPolicy.exponentialKeys.contains(where: { policyChanges[$0] != nil }) {
                policy["delay"] = nil
            }
            retry[name] = .object(policy)
        }
        root[Keys.retry] = .object(retry)
        return .object(root)
    }

    private static func httpURL(_ reader: JSONReader) throws(ConfigurationError) -> URL {
        let text = try reader.string()
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else { throw reader.error("expected an http:// or https:// URL, got \(reader.value)") }
        return url
    }
}
