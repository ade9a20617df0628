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
    /// In the file as megabytes (`"responseLimits": {"api": 8, "image": 5}`, 1 MB = 1,048,576
    /// bytes); here in bytes.
    public var responseLimits: ResponseLimits
    public var retry: RetryPolicies
    /// The JWT the profile challenge sends as `Authorization: Bearer …`.
    public var profileToken: String
    /// The mock backend's scenario when `--scenario` isn't given.
    public var scenario: String
    /// Clicks and the wheel (false, or `--no-mouse`: the terminal keeps its own text selection).
    /// See Docs/mouse-and-paste.md.
    public var mouse: Bool

    public init(
        serverURL: URL, articlesURL: URL? = nil, requestTimeout: Duration,
        responseLimits: ResponseLimits = .standard, retry: RetryPolicies,
        profileToken: String, scenario: String, mouse: Bool = true
    ) {
        self.serverURL = serverURL
        self.articlesURL = articlesURL
        self.requestTimeout = requestTimeout
        self.responseLimits = responseLimits
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
        responseLimits: .standard,
        retry: RetryPolicies(login: .login, articles: .articlesSync),
        profileToken: DevToken.default,
        scenario: "default",
        mouse: true
    )

    /// What `responseLimits` counts in the file: 1 MB = 1,048,576 bytes.
    public static let megabyte = ResponseLimits.megabyte

    /// The variable that overrides `profileToken` (Profile's `BearerToken.environmentKey`; a test
    /// checks they agree). Checked at start like the configured token.
    public static let tokenVariable = "CHALLENGE_TUI_TOKEN"

    /// The longest `profileToken` (and `CHALLENGE_TUI_TOKEN`) accepted: a JSON web token is a few
    /// hundred characters; anything near this is not one.
    public static let maximumTokenLength = 8192

    /// Whether `token` may go into an `Authorization: Bearer` header as it is: only the
    /// characters of base64url and `.` (a JSON web token's alphabet), at most
    /// `maximumTokenLength` of them. Anything else (a line break, a space, a colon) could forge
    /// or split headers. Empty means "no token".
    public static func isValidToken(_ token: String) -> Bool {
        token.utf8.count <= maximumTokenLength && token.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    /// Why `token` is refused, in words that never repeat it (it is a secret).
    public static func tokenProblem(_ token: String) -> String? {
        if isValidToken(token) { return nil }
        if token.utf8.count > maximumTokenLength {
            return "expected a JSON web token of at most \(maximumTokenLength) characters, got \(token.utf8.count)"
        }
        return "expected a JSON web token (letters, digits, -, _ and . only); this one holds other characters"
            + " (a space, a line break, a colon…), which could forge HTTP headers"
    }

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
            throw ConfigurationError(file: file, keyPath: "", problem: "expected an object, got \(json.excerpt)")
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
        let limits = try required(Keys.responseLimits).object(known: ["api", "image"])
        guard let apiLimit = limits["api"], let imageLimit = limits["image"] else {
            throw ConfigurationError(file: file, keyPath: Keys.responseLimits, problem: "needs both api and image")
        }
        responseLimits = ResponseLimits(api: try Self.megabytes(apiLimit), image: try Self.megabytes(imageLimit))
        let retry = try required(Keys.retry).object(known: ["login", "articles"])
        guard let login = retry["login"], let articlesPolicy = retry["articles"] else {
            throw ConfigurationError(file: file, keyPath: Keys.retry, problem: "needs both login and articles")
        }
        self.retry = RetryPolicies(login: try RetryPolicy(reader: login), articles: try RetryPolicy(reader: articlesPolicy))
        let token = try required(Keys.profileToken)
        profileToken = try token.string()
        if let problem = Self.tokenProblem(profileToken) { throw token.error(problem) }
        let scenario = try required(Keys.scenario)
        self.scenario = try scenario.string()
        guard ScenarioLibrary.isValidName(self.scenario) else {
            throw scenario.error("expected a scenario name (letters, digits, - and _), got \(scenario.value.excerpt)")
        }
        mouse = try required(Keys.mouse).bool()
    }

    /// The configuration as JSON, in the shape of `Config/default.json`.
    public var json: JSONValue {
        .object([
            Keys.serverURL: .string(serverURL.absoluteString),
            Keys.articlesURL: articlesURL.map { .string($0.absoluteString) } ?? .null,
            Keys.requestTimeout: .number(requestTimeout.inSeconds),
            Keys.responseLimits: .object([
                "api": .number(Double(responseLimits.api) / Double(Self.megabyte)),
                "image": .number(Double(responseLimits.image) / Double(Self.megabyte)),
            ]),
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
        static let responseLimits = "responseLimits"
        static let retry = "retry"
        static let profileToken = "profileToken"
        static let scenario = "scenario"
        static let mouse = "mouse"
        static let all = [serverURL, articlesURL, requestTimeout, responseLimits, retry, profileToken, scenario, mouse]
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

    /// A size in megabytes, from 1 KB to 1 GB: below that not even an error page fits, above it
    /// the limit protects nothing.
    private static func megabytes(_ reader: JSONReader) throws(ConfigurationError) -> Int {
        let value = try reader.number("a size in megabytes from 0.001 to 1024", in: 0.001...1024)
        return Int((value * Double(megabyte)).rounded())
    }

    private static func httpURL(_ reader: JSONReader) throws(ConfigurationError) -> URL {
        let text = try reader.string()
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else { throw reader.error("expected an http:// or https:// URL, got \(reader.value.excerpt)") }
        return url
    }
}
