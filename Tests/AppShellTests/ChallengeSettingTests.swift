@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

/// The keys a challenge owns in the app's JSON files: read by its own code, laid over the
/// defaults key by key, grouped under a shared key, written back (Docs/configuration.md).
@Suite(.timeLimit(.minutes(10))) struct ChallengeSettingTests {
    static let first = ChallengeSetting<Int>(
        ["limits", "first"], default: 1,
        read: { reader throws(ConfigurationError) in try reader.integer("a whole number", atLeast: 0) }, write: { .number(Double($0)) })
    static let second = ChallengeSetting<Int>(
        ["limits", "second"], default: 2,
        read: { reader throws(ConfigurationError) in try reader.integer("a whole number", atLeast: 0) }, write: { .number(Double($0)) })
    static let alone = ChallengeSetting<String?>(
        ["alone"], default: nil, read: { reader throws(ConfigurationError) in try reader.string() }, write: { $0.map(JSONValue.string) })

    static let settings = [first.erased, second.erased, alone.erased]

    @Test func settingsInAGroupShareItsKeyAndAreReadEachByItsOwnCode() throws {
        let groups = ChallengeSettings.groups(of: Self.settings)
        #expect(groups.map(\.key) == ["limits", "alone"])
        #expect(groups[0].single == nil && groups[0].members.count == 2)
        #expect(groups[1].single?.key == "alone")

        let json = try JSONValue.parse(Data(#"{"limits": {"second": 5}, "alone": "x"}"#.utf8), file: "f.json")
        let root = try JSONReader(file: "f.json", value: json).object(known: ["limits", "alone"])
        let read = try ChallengeSettings.read(Self.settings, from: root, over: ChallengeSettings(defaultsOf: Self.settings))
        #expect(read[Self.first] == 1, "left out: the base's")
        #expect(read[Self.second] == 5)
        #expect(read[Self.alone] == "x")
        #expect(read.json == ["limits": .object(["first": .number(1), "second": .number(5)]), "alone": .string("x")])

        let unknown = try JSONValue.parse(Data(#"{"limits": {"third": 1}}"#.utf8), file: "f.json")
        #expect(throws: ConfigurationError(file: "f.json", keyPath: "limits.third", problem: "unknown key (known keys: first, second)")) {
            try ChallengeSettings.read(Self.settings, from: try JSONReader(file: "f.json", value: unknown).object(known: ["limits"]), over: ChallengeSettings())
        }
    }

    @Test func aSettingNoOneSetReadsAsItsDefaultAndAnOptionalOneIsLeftOut() {
        var settings = ChallengeSettings()
        #expect(settings[Self.second] == 2)
        #expect(settings.json.isEmpty)
        settings[Self.alone] = nil
        #expect(settings.json.isEmpty, "nil writes no key")
        settings[Self.alone] = "y"
        #expect(settings.json == ["alone": .string("y")])
        #expect(settings != ChallengeSettings())
    }

    @Test func aRetryPolicyChangesScheduleAsAWholeAndOtherwiseMergesKeyByKey() {
        let setting = ChallengeSetting.retryPolicy("x", default: .login)
        let base = RetryPolicy.login.json
        let constant = setting.merge(base, .object(["delay": .number(3)]))
        #expect(constant.value(at: ["initial"]) == nil && constant.value(at: ["delay"]) == .number(3))
        let exponential = setting.merge(RetryPolicy.articlesSync.json, .object(["cap": .number(9)]))
        #expect(exponential.value(at: ["delay"]) == nil && exponential.value(at: ["cap"]) == .number(9))
        #expect(setting.merge(base, .number(3)) == .number(3), "not an object: the reader says so")
        #expect(JSONValue.number(1).setting(.bool(true), at: ["a", "b"]) == .object(["a": .object(["b": .bool(true)])]))
    }
}
