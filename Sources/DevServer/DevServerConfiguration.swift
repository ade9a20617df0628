import Contract
import Foundation

/// Everything `challenge-server`'s command line can set. The defaults are the documented ones.
public struct DevServerConfiguration: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port: UInt16 = 3000
    /// Seed of every random draw (delays, outcomes, session ids, experiments); nil: a fresh one.
    public var seed: UInt64?

    // Navigation: the original server.js's positional overrides X Y, U V, A B.
    public var login = NavigationOverride()
    public var fetchExperiments = NavigationOverride()
    public var submitSelection = NavigationOverride()
    /// Delay range of a navigation request whose delay is not overridden.
    public var randomDelay: ClosedRange<Double> = 1...15
    /// Fixes the answer of rFetchExperiments; nil draws one of the four per request.
    public var experiment: Experiment?

    // Articles.
    /// What `GET /articles` serves: a JSON array of articles. `ServerMain` fills it from
    /// `--articles-file` or from the sample the executable passes in.
    public var articlesJSON: Data
    /// `--articles-file`, kept to name it in messages; `articlesJSON` holds its contents.
    public var articlesFile: String?
    /// Point the articles' dummyimage.com `image` URLs at this server, which draws the same
    /// pictures (Docs/server.md, "Placeholder pictures"). The command line sets it for the
    /// built-in sample and for `--local-images`; off, the articles are served as given.
    public var localImages = false
    public var articlesDelay: Double = 0
    public var articlesFail = 0

    // Profile.
    public var profileDelay: Double = 0
    public var profileFail = 0
    public var password = DevServerConfiguration.defaultPassword
    public var jwtSecret = DevToken.defaultSecret

    // HTTP.
    public var limits = HTTPLimits()
    public var timeouts = ServerTimeouts()
    /// Event loops (threads); nil: one per processor.
    public var eventLoops: Int?
    /// How long `stop()` lets requests in flight finish; nil: 5 s more than the longest
    /// configured delay, at least 20 s.
    public var shutdownGrace: Double?

    public static let defaultPassword = "password123"

    /// `articlesJSON`: what `GET /articles` serves; the project's sample by default.
    public init(articlesJSON: Data = SampleArticles.json()) {
        self.articlesJSON = articlesJSON
    }

    /// The grace period `stop()` uses.
    public var effectiveShutdownGrace: Double {
        if let shutdownGrace { return shutdownGrace }
        let delays = [login, fetchExperiments, submitSelection].map { $0.delay ?? randomDelay.upperBound }
            + [articlesDelay, profileDelay]
        return max(20, (delays.max() ?? 0) + 5)
    }
}

/// One navigation endpoint's override: a fixed delay and/or a fixed outcome. Nil parts are drawn
/// at random per request.
public struct NavigationOverride: Sendable, Equatable {
    /// Seconds, exactly: an overridden delay is not jittered.
    public var delay: Double?
    public var succeeds: Bool?

    public init(delay: Double? = nil, succeeds: Bool? = nil) {
        self.delay = delay
        self.succeeds = succeeds
    }
}
