/// Something a challenge makes from the `AppEnvironment` once and shares for the app's lifetime,
/// such as its backend: `environment[ProfileAPIKey.self]`. Each challenge declares its own keys
/// in its registration (`Challenge.dependencies`), so the environment never lists the
/// challenges, and holds one value per declared key, made the first time it is read.
package protocol DependencyKey: SendableMetatype {
    associatedtype Value
    static func make(_ environment: AppEnvironment) -> Value
}

extension DependencyKey {
    /// `make` for a key known only as `any DependencyKey.Type`.
    static func makeAny(_ environment: AppEnvironment) -> Any { make(environment) }
}

/// One declared key's value: made on first read, the same value after (read on the loop's
/// thread, as the environment is).
final class DependencyValue {
    private let key: any DependencyKey.Type
    private var made: Any?

    init(_ key: any DependencyKey.Type) { self.key = key }

    func value(in environment: AppEnvironment) -> Any {
        if let made { return made }
        let value = key.makeAny(environment)
        made = value
        return value
    }
}
