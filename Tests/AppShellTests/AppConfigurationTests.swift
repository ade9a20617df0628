@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

private func decode(_ json: String, file: String = "Config/x.json") throws(ConfigurationError) -> AppConfiguration {
    try AppConfiguration.decode(Data(json.utf8), file: file)
}

private func problem(_ json: String) -> String? {
    do {
        _ = try decode(json)
        return nil
    } catch {
        return error.message
    }
}

@Suite(.timeLimit(.minutes(10))) struct AppConfigurationTests {
    let defaultFile = packageRoot.appendingPathComponent("Config/default.json").path

    @Test func theDefaultTokenIsTheDevServersToken() {
        #expect(AppConfiguration.defaults[ProfileSettings.token] == DevToken.default)
    }

    @Test func builtInDefaultsEqualConfigDefaultJSON() throws {
        let loaded = try AppConfiguration.load(from: defaultFile)
        #expect(loaded == .defaults)
        let fileJSON = try JSONValue.parse(try Data(contentsOf: URL(fileURLWithPath: defaultFile)), file: defaultFile)
        #expect(AppConfiguration.defaults.json == fileJSON)
    }

    @Test func theDefaultsAreTheOnesTheIssueAsksFor() {
        let config = AppConfiguration.defaults
        #expect(config.serverURL.absoluteString == "http://127.0.0.1:3000")
        #expect(config.resolvedArticlesURL.absoluteString == "http://127.0.0.1:3000/articles")
        #expect(config.requestTimeout == .seconds(30))
        #expect(config[NavigationSettings.loginRetry] == .login)
        #expect(config[ArticlesSettings.retry] == .articlesSync)
        #expect(config.scenario == "default")
        #expect(!config[ProfileSettings.token].isEmpty)
    }

    @Test func aPartialFileMergesOverTheDefaults() throws {
        let config = try decode(#"{"requestTimeout": 5, "articlesURL": "https://example.com/a.json", "retry": {"login": {"cap": 10, "maxAttempts": 6}}}"#)
        #expect(config.requestTimeout == .seconds(5))
        #expect(config.resolvedArticlesURL.absoluteString == "https://example.com/a.json")
        #expect(config[NavigationSettings.loginRetry] == RetryPolicy(
            maxAttempts: 6, schedule: .exponential(initial: .seconds(1), multiplier: 2, cap: .seconds(10)), retryable: .all))
        #expect(config[ArticlesSettings.retry] == .articlesSync)
        #expect(config.serverURL == AppConfiguration.defaults.serverURL)
    }

    @Test func aScheduleCanSwitchBetweenConstantAndExponential() throws {
        let config = try decode(#"{"retry": {"login": {"delay": 3}, "articles": {"initial": 1, "multiplier": 3, "cap": 9, "jitter": 0.25}}}"#)
        #expect(config[NavigationSettings.loginRetry].schedule == .constant(.seconds(3)))
        #expect(config[ArticlesSettings.retry].schedule == .exponential(initial: .seconds(1), multiplier: 3, cap: .seconds(9)))
        #expect(config[ArticlesSettings.retry].jitter == 0.25)
        #expect(config[ArticlesSettings.retry].maxAttempts == 4)
    }

    @Test func aConfigFileIsReadFromDisk() throws {
        let folder = TemporaryDirectory()
        try Data(#"{"scenario": "flaky", "profileToken": "abc"}"#.utf8).write(to: URL(fileURLWithPath: folder.file("c.json")))
        let config = try AppConfiguration.load(from: folder.file("c.json"))
        #expect(config.scenario == "flaky")
        #expect(config[ProfileSettings.token] == "abc")
        #expect(throws: ConfigurationError(file: folder.file("missing.json"), keyPath: "", problem: "can't be read (no such file)")) {
            try AppConfiguration.load(from: folder.file("missing.json"))
        }
    }

    @Test func badValuesNameTheFileTheKeyAndTheProblem() {
        #expect(problem(#"{"retry": {"login": {"cap": "abc"}}}"#)
            == #"Config/x.json: retry.login.cap: expected a number of seconds, got "abc""#)
        #expect(problem(#"{"requestTimeout": 0}"#) == "Config/x.json: requestTimeout: expected a number of seconds above 0, got 0")
        #expect(problem(#"{"requestTimeout": -1}"#) == "Config/x.json: requestTimeout: expected a number of seconds above 0, got -1")
        #expect(problem(#"{"serverURL": "ftp://x"}"#) == #"Config/x.json: serverURL: expected an http:// or https:// URL, got "ftp://x""#)
        #expect(problem(#"{"serverURL": 3}"#) == "Config/x.json: serverURL: expected a string, got 3")
        // Credentials are refused as on the command line, and the address is not repeated.
        for key in ["serverURL", "articlesURL"] {
            let refusal = problem(#"{""# + key + #"": "http://admin:hunter2@127.0.0.1:3801"}"#)
            #expect(refusal == "Config/x.json: \(key): user names and passwords in the address are not supported")
        }
        #expect(problem(#"{"retry": {"articles": {"maxAttempts": 0}}}"#)
            == "Config/x.json: retry.articles.maxAttempts: expected a whole number of attempts of at least 1, or null for no limit, got 0")
        #expect(problem(#"{"retry": {"articles": {"maxAttempts": 2.5}}}"#)?.contains("retry.articles.maxAttempts") == true)
        #expect(problem(#"{"retry": {"articles": {"jitter": 2}}}"#)
            == "Config/x.json: retry.articles.jitter: expected a fraction between 0 and 1, got 2")
        #expect(problem(#"{"retry": {"articles": {"retryOn": "some"}}}"#)
            == #"Config/x.json: retry.articles.retryOn: expected "transient" (5xx and network errors) or "all", got "some""#)
        #expect(problem(#"{"retry": {"login": {"multiplier": 0.5}}}"#)
            == "Config/x.json: retry.login.multiplier: expected a multiplier of at least 1, got 0.5")
        #expect(problem(#"{"retry": {"login": {"initial": 20}}}"#)
            == "Config/x.json: retry.login.cap: expected a cap of at least the initial delay (20.0 s), got 15")
        #expect(problem(#"{"retry": {"articles": {"delay": 1, "cap": 3}}}"#)
            == "Config/x.json: retry.articles: give either delay (constant) or initial, multiplier and cap (exponential), not both delay and cap")
        #expect(problem(#"{"retry": {"articles": {"initial": 1}}}"#)
            == "Config/x.json: retry.articles: needs a delay (constant schedule) or initial, multiplier and cap (exponential schedule)")
        #expect(problem(#"{"scenario": "../etc"}"#)
            == #"Config/x.json: scenario: expected a scenario name (letters, digits, - and _), got "../etc""#)
        #expect(problem(#"{"retry": 3}"#) == "Config/x.json: retry: expected an object, got 3")
        #expect(problem(#"[1]"#) == "Config/x.json: expected an object, got [1]")
    }

    @Test func unknownKeysAreErrorsNotSilentlyIgnored() {
        #expect(problem(#"{"sever": "http://x"}"#)
            == "Config/x.json: sever: unknown key (known keys: serverURL, requestTimeout, responseLimits, scenario, mouse, background, screenReader, highContrast, retry, articlesURL, profileToken)")
        #expect(problem(#"{"retry": {"login": {"caps": 3}}}"#)?.hasPrefix("Config/x.json: retry.login.caps: unknown key") == true)
        #expect(problem(#"{"retry": {"profile": {}}}"#)?.hasPrefix("Config/x.json: retry.profile: unknown key") == true)
    }

    @Test func responseLimitsAreMegabytesAndMergeKeyByKey() throws {
        #expect(AppConfiguration.defaults.responseLimits == .init(api: 8 * 1_048_576, image: 5 * 1_048_576))
        #expect(AppConfiguration.defaults.responseLimits.bytes(for: .api) == 8 * 1_048_576)
        #expect(AppConfiguration.defaults.responseLimits.bytes(for: .image) == 5 * 1_048_576)
        let config = try decode(#"{"responseLimits": {"api": 0.5}}"#)
        #expect(config.responseLimits == .init(api: 524_288, image: 5 * 1_048_576))
        #expect(problem(#"{"responseLimits": {"api": 0}}"#)
            == "Config/x.json: responseLimits.api: expected a size in megabytes from 0.001 to 1024, got 0")
        #expect(problem(#"{"responseLimits": {"image": 4096}}"#)
            == "Config/x.json: responseLimits.image: expected a size in megabytes from 0.001 to 1024, got 4096")
        #expect(problem(#"{"responseLimits": {"video": 1}}"#)?.hasPrefix("Config/x.json: responseLimits.video: unknown key") == true)
    }

    @Test func aProfileTokenThatCouldForgeHeadersIsRefusedWithoutBeingRepeated() {
        let secret = "abc.def"
        for bad in ["\(secret)\r\nX-Admin: 1", "\(secret) x", "\(secret):x", "\(secret)\u{0}", "Bearer \(secret)", "é\(secret)"] {
            let json = String(decoding: try! JSONEncoder().encode(["profileToken": bad]), as: UTF8.self)
            let message = problem(json)
            #expect(message?.hasPrefix("Config/x.json: profileToken: expected a JSON web token (letters, digits, -, _ and . only)") == true, "\(bad)")
            #expect(message?.contains(secret) == false)
        }
        #expect(problem(#"{"profileToken": "\#(String(repeating: "a", count: 8193))"}"#)
            == "Config/x.json: profileToken: expected a JSON web token of at most 8192 characters, got 8193")
        #expect(problem(#"{"profileToken": "eyJ-_.AZaz09"}"#) == nil)
        #expect(problem(#"{"profileToken": ""}"#) == nil)
    }

    @Test func invalidJSONIsReportedAgainstTheFile() {
        #expect(problem("{not json")?.hasPrefix("Config/x.json: not valid JSON") == true)
    }

    /// What a recording's header writes (`json`) reads back as the same configuration.
    @Test func theConfigurationReadsBackFromItsJSON() throws {
        var config = AppConfiguration.defaults
        config[ArticlesSettings.url] = URL(string: "http://localhost:9/list")
        config[ArticlesSettings.retry].jitter = 0.5
        #expect(try AppConfiguration(json: config.json, file: "header") == config)
        #expect(throws: ConfigurationError.self) { try AppConfiguration(json: .object(["x": .number(1)]), file: "header") }
    }

    @Test func jsonValuesPrintCompactlyAndPretty() throws {
        let value = JSONValue.object(["b": .array([.bool(true), .null, .number(1.5)]), "a": .string("q\"\n\u{1}")])
        #expect(value.description == #"{"a":"q\"\n\u0001","b":[true,null,1.5]}"#)
        #expect(try JSONValue.parse(value.prettyPrinted(), file: "x") == value)
        #expect(JSONValue.number(3).merged(with: .string("x")) == .string("x"))
    }
}
