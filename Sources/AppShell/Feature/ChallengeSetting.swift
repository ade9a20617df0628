import CommandLineKit
import Core

/// A key a challenge owns in one of the app's JSON files: the configuration file
/// (`"articlesURL"`, `"retry": {"login": …}`) or a scenario file (`"experiment"`). The shell
/// reads the file and checks that every key is known; the challenge's own code reads the value
/// of each key it declares, from a `JSONReader`, so the shared code names no challenge
/// (Docs/architecture.md, "Adding a challenge"; Docs/configuration.md).
public struct ChallengeSetting<Value: Hashable & Sendable>: Sendable {
    /// Where the key is: one key at the top of the file, or a group and a key in it
    /// (`["retry", "login"]`; the group is known as long as one challenge puts a key in it).
    public let path: [String]
    /// The value when the file does not say (a configuration's built-in default, a scenario's
    /// "not given").
    public let defaultValue: Value
    package let read: @Sendable (JSONReader) throws(ConfigurationError) -> Value
    /// The value as the file writes it; nil leaves the key out.
    package let write: @Sendable (Value) -> JSONValue?
    /// How a partial file's value is laid over the base one (`base.merged(with: change)`: key by
    /// key), for a value whose parts depend on each other (a retry policy's schedule).
    package let merge: @Sendable (_ base: JSONValue, _ change: JSONValue) -> JSONValue
    /// An environment variable that stands for the key (the challenge reads it itself); the start
    /// checks it with `read` as strictly as the file's value, and the man page lists it.
    package let variable: Definition?
    /// A secret (a bearer token): a recording leaves it out and a replay runs on its default
    /// (Docs/recording.md, "No secrets").
    package let isSecret: Bool

    package init(
        _ path: [String], default defaultValue: Value, variable: Definition? = nil, secret: Bool = false,
        read: @escaping @Sendable (JSONReader) throws(ConfigurationError) -> Value,
        write: @escaping @Sendable (Value) -> JSONValue?,
        merge: @escaping @Sendable (_ base: JSONValue, _ change: JSONValue) -> JSONValue = { $0.merged(with: $1) }
    ) {
        self.path = path
        self.defaultValue = defaultValue
        self.variable = variable
        self.isSecret = secret
        self.read = read
        self.write = write
        self.merge = merge
    }

    /// `retry.<name>`: a retry policy, laid over the base as Docs/configuration.md says (a
    /// constant `delay` drops the base's exponential schedule, and the other way round).
    package static func retryPolicy(_ name: String, default policy: RetryPolicy) -> ChallengeSetting where Value == RetryPolicy {
        ChallengeSetting(
            ["retry", name], default: policy, read: { reader throws(ConfigurationError) in try RetryPolicy(reader: reader) },
            write: { $0.json },
            merge: { base, change in
                guard case .object(var policy) = base, case .object(let changes) = change else { return base.merged(with: change) }
                if changes["delay"] != nil {
                    RetryPolicy.exponentialKeys.forEach { policy[$0] = nil }
                } else if RetryPolicy.exponentialKeys.contains(where: { changes[$0] != nil }) {
                    policy["delay"] = nil
                }
                return JSONValue.object(policy).merged(with: change)
            })
    }

    package var erased: AnyChallengeSetting {
        AnyChallengeSetting(
            path: path, defaultValue: SettingValue(defaultValue, json: write(defaultValue)), variable: variable, isSecret: isSecret,
            read: { reader throws(ConfigurationError) in
                let value = try read(reader)
                return SettingValue(value, json: write(value))
            },
            merge: merge)
    }
}

/// A `ChallengeSetting` whatever its value's type: what the files' readers work with.
package struct AnyChallengeSetting: Sendable {
    package let path: [String]
    package let defaultValue: SettingValue
    package let variable: Definition?
    package let isSecret: Bool
    package let read: @Sendable (JSONReader) throws(ConfigurationError) -> SettingValue
    package let merge: @Sendable (JSONValue, JSONValue) -> JSONValue

    /// `retry.login`: how messages and `ChallengeSettings` name it.
    package var key: String { path.joinedWords(separator: ".") }
}

/// One setting's value, whatever its type, with the JSON the file would hold for it.
package struct SettingValue: Hashable, Sendable {
    package let value: any Hashable & Sendable
    /// nil: the key is left out of the file.
    package let json: JSONValue?

    package init(_ value: any Hashable & Sendable, json: JSONValue?) {
        self.value = value
        self.json = json
    }

    package static func == (lhs: SettingValue, rhs: SettingValue) -> Bool { AnyHashable(lhs.value) == AnyHashable(rhs.value) }
    package func hash(into hasher: inout Hasher) { AnyHashable(value).hash(into: &hasher) }
}

/// The challenges' values in a configuration or a scenario, by key; a setting the file did not
/// say (or that no challenge of this run declared) reads as its default.
public struct ChallengeSettings: Hashable, Sendable {
    private var values: [String: SettingValue] = [:]

    public init() {}

    /// Each setting's default.
    package init(defaultsOf settings: [AnyChallengeSetting]) {
        for setting in settings { values[setting.key] = setting.defaultValue }
    }

    public subscript<Value>(setting: ChallengeSetting<Value>) -> Value {
        get { values[setting.path.joinedWords(separator: ".")]?.value as? Value ?? setting.defaultValue }
        set { values[setting.path.joinedWords(separator: ".")] = SettingValue(newValue, json: setting.write(newValue)) }
    }

    /// These settings' secrets forgotten: they read as their defaults and `json` leaves them out.
    package func withoutSecrets(of settings: [AnyChallengeSetting]) -> ChallengeSettings {
        var copy = self
        for setting in settings where setting.isSecret { copy.values[setting.key] = nil }
        return copy
    }

    package subscript(key: String) -> SettingValue? {
        get { values[key] }
        set { values[key] = newValue }
    }

    /// The values as the file holds them: `{"articlesURL": …, "retry": {"login": …}}`.
    package var json: [String: JSONValue] {
        var root: [String: JSONValue] = [:]
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let json = value.json else { continue }
            let path = key.split(separator: ".").map(String.init)
            root = JSONValue.object(root).setting(json, at: path).objectMembers ?? root
        }
        return root
    }

    /// Reads `settings` out of a file's members (`members`: the file's top-level keys, already
    /// checked to be known); a setting the file leaves out keeps `base`'s value.
    package static func read(
        _ settings: [AnyChallengeSetting], from members: [String: JSONReader], over base: ChallengeSettings
    ) throws(ConfigurationError) -> ChallengeSettings {
        var result = base
        for group in groups(of: settings) {
            guard let reader = members[group.key] else { continue }
            if let setting = group.single {
                result[setting.key] = try setting.read(reader)
                continue
            }
            let inner = try reader.object(known: group.members.map { $0.path[1] })
            for setting in group.members {
                if let value = inner[setting.path[1]] { result[setting.key] = try setting.read(value) }
            }
        }
        return result
    }

    /// The top-level keys `settings` occupy, in the order first declared: a key of its own, or
    /// a group several settings share.
    package static func groups(of settings: [AnyChallengeSetting]) -> [(key: String, single: AnyChallengeSetting?, members: [AnyChallengeSetting])] {
        var order: [String] = []
        var byKey: [String: [AnyChallengeSetting]] = [:]
        for setting in settings {
            guard let first = setting.path.first else { continue }
            if byKey[first] == nil { order.append(first) }
            byKey[first, default: []].append(setting)
        }
        return order.map { key in
            let members = byKey[key] ?? []
            let single = members.count == 1 && members[0].path.count == 1 ? members[0] : nil
            return (key, single, members)
        }
    }

    /// `base` with `change` laid over it, each setting's part merged the setting's way.
    package static func merge(_ base: JSONValue, _ change: JSONValue, settings: [AnyChallengeSetting]) -> JSONValue {
        var merged = base.merged(with: change)
        for setting in settings {
            guard let baseValue = base.value(at: setting.path), let changeValue = change.value(at: setting.path) else { continue }
            merged = merged.setting(setting.merge(baseValue, changeValue), at: setting.path)
        }
        return merged
    }
}

extension JSONValue {
    /// The value at `path` in nested objects, if every step is an object holding the key.
    package func value(at path: [String]) -> JSONValue? {
        var value = self
        for key in path {
            guard case .object(let members) = value, let member = members[key] else { return nil }
            value = member
        }
        return value
    }

    /// This object with `value` at `path`, making the objects on the way as needed.
    package func setting(_ value: JSONValue, at path: [String]) -> JSONValue {
        guard let key = path.first else { return value }
        var members = objectMembers ?? [:]
        members[key] = (members[key] ?? .object([:])).setting(value, at: Array(path.dropFirst()))
        return .object(members)
    }

    package var objectMembers: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }
}
