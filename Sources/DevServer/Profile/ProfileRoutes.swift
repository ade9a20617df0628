import Foundation
import Synchronization

/// `GET /profiles/mine`, `POST /profiles/update`, `POST /password/change`: the seed's profile
/// API with its state in memory, behind a bearer JWT.
final class ProfileRoutes: Sendable {
    private struct State {
        var profile: ProfileEnvelope.Profile
        var password: String
    }

    static let defaultProfile = ProfileEnvelope.Profile(firstName: "Johnny B", userName: "iOS User", lastName: "Goode")
    static let maxNameLength = 50
    static let minPasswordLength = 8

    private let state: Mutex<State>
    private let secret: String
    private let delay: Double
    private let failures: FailFirst
    private let sleep: @Sendable (Double) -> Void
    private let now: @Sendable () -> Date

    init(configuration: DevServerConfiguration, environment: DevServerEnvironment) {
        state = Mutex(State(profile: Self.defaultProfile, password: configuration.password))
        secret = configuration.jwtSecret
        delay = configuration.profileDelay
        failures = FailFirst(configuration.profileFail)
        sleep = environment.sleep
        now = environment.now
    }

    func install(in router: inout Router) {
        router.add("GET", "/profiles/mine") { [self] request in
            guarded(request) { _ in ProfileEnvelope.retrieved(state.withLock { $0.profile }) }
        }
        router.add("POST", "/profiles/update") { [self] request in
            guarded(request, jsonBody: true) { body in update(body) }
        }
        router.add("POST", "/password/change") { [self] request in
            guarded(request, jsonBody: true) { body in changePassword(body) }
        }
    }

    /// What every profile request goes through, in order: the delay, an injected fault, the
    /// token, then (for POSTs) the content type and a JSON object body.
    private func guarded(_ request: ServerRequest, jsonBody: Bool = false, _ handle: ([String: Any]) -> ServerResponse) -> ServerResponse {
        sleep(delay)
        if failures.next() {
            return ProfileEnvelope.error(500, code: "internalError", message: "Something went wrong (injected by --profile-fail)")
        }
        do {
            try JWT.verify(authorization: request.headers["Authorization"], secret: secret, now: now())
        } catch {
            return ProfileEnvelope.error(401, code: error.code, message: error.message)
        }
        guard jsonBody else { return handle([:]) }
        let mediaType = (request.headers["Content-Type"] ?? "").split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            return ProfileEnvelope.error(415, code: "contentType", message: "Send the body as JSON with Content-Type: application/json")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] else {
            return ProfileEnvelope.error(400, code: "body", message: "The body must be a JSON object")
        }
        return handle(object)
    }

    private func update(_ body: [String: Any]) -> ServerResponse {
        var names: [String] = []
        for (field, label) in [("firstName", "First name"), ("lastName", "Last name")] {
            let value = (body[field] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard !value.isEmpty else {
                return ProfileEnvelope.error(400, code: field, message: "\(label) is required")
            }
            guard value.count <= Self.maxNameLength else {
                return ProfileEnvelope.error(400, code: field, message: "\(label) must be at most \(Self.maxNameLength) characters")
            }
            names.append(value)
        }
        let saved = state.withLock { state in
            state.profile.firstName = names[0]
            state.profile.lastName = names[1]
            return state.profile
        }
        return ProfileEnvelope.retrieved(saved)
    }

    private func changePassword(_ body: [String: Any]) -> ServerResponse {
        var values: [String] = []
        for (field, label) in [("currentPassword", "Current password"), ("newPassword", "New password"), ("passwordConfirmation", "Password confirmation")] {
            // Passwords are taken as sent: no trimming.
            guard let value = body[field] as? String, !value.isEmpty else {
                return ProfileEnvelope.error(400, code: field, message: "\(label) is required")
            }
            values.append(value)
        }
        let (current, new, confirmation) = (values[0], values[1], values[2])
        return state.withLock { state in
            guard current == state.password else {
                return ProfileEnvelope.error(403, code: "wrongPassword", message: "The current password is wrong")
            }
            guard new.count >= Self.minPasswordLength else {
                return ProfileEnvelope.error(422, code: "passwordTooShort", message: "The new password must be at least \(Self.minPasswordLength) characters")
            }
            guard new != current else {
                return ProfileEnvelope.error(422, code: "passwordUnchanged", message: "The new password must differ from the current one")
            }
            guard confirmation == new else {
                return ProfileEnvelope.error(422, code: "passwordMismatch", message: "The confirmation does not match the new password")
            }
            state.password = new
            return ProfileEnvelope.passwordChanged
        }
    }
}
