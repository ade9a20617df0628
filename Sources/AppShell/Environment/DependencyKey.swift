/// Something a challenge makes from the `AppEnvironment` once and shares for the app's lifetime,
/// such as its backend: `environment[ProfileAPIKey.self]`. Each challenge declares its own keys
/// beside its screens, so the environment never lists the challenges.
package protocol DependencyKey {
    associatedtype Value
    static func make(_ environment: AppEnvironment) -> Value
}
