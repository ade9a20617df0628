import Contract
import Core
import Foundation
import Synchronization

/// `GET /profiles/mine`, `POST /profiles/update`, `POST /password/change`: the profile challenge's
/// API with its state in memory, behind a bearer JWT.
///
/// What a valid request may contain is decided by the contract's `ProfileRules` (the app's mock
/// backend applies the same rules), so the server and the app speak the same codes
/// and statuses. The server adds only its own concerns: the delay, injected faults, the token,
/// the content type and a JSON object body.
final class ProfileRoutes: Sendable {
    private struct State {
        var profile: UserProfile
        var password: Secret
        var attempts = WrongPasswordLimit()
    }

    static let defaultProfile = UserProfile.sample

    private let state: Mutex<State>
    private let secret: String
    private let delay: Double
    private let failures: FailFirst
    private let now: @Sendable () -> Date
    /// Monotonic time for the wrong-password limit (a wall clock set back must not lift it).
    private let clock: any LoopClock

    init(configuration: DevServerConfiguration, environment: DevServerEnvironment) {
        state = Mutex(State(profile: Self.defaultProfile, password: Secret(configuration.password)))
        secret = configuration.jwtSecret
        delay = configuration.profileDelay
        failures = FailFirst(configuration.profileFail)
        now = environment.now
        clock = environment.clock
    }

    func install(in router: inout Router) {
        router.add(ProfileEndpoint.profile.method, ProfileEndpoint.profile.path) { [self] request in
            guarded(request) { _ in ProfileResponses.retrieved(state.withLock { $0.profile }) }
        }
        router.add(ProfileEndpoint.profileUpdate.method, ProfileEndpoint.profileUpdate.path) { [self] request in
            guarded(request, jsonBody: true) { body in update(body) }
        }
        router.add(ProfileEndpoint.passwordChange.method, ProfileEndpoint.passwordChange.path) { [self] request in
            guarded(request, jsonBody: true) { body in changePassword(body) }
        }
    }

    /// What every profile request goes through, in order: an injected fault, the token, then
    /// (for POSTs) the content type and a JSON object body. The answer leaves after the delay.
    private func guarded(_ request: ServerRequest, jsonBody: Bool = false, _ handle: ([String: JSONValue]) -> ServerResponse) -> DelayedResponse {
        DelayedResponse(check(request, jsonBody: jsonBody, handle), after: delay)
    }

    private func check(_ request: ServerRequest, jsonBody: Bool, _ handle: ([String: JSONValue]) -> ServerResponse) -> ServerResponse {
        if failures.next() {
            return ProfileResponses.error(500, code: "internalError", message: "Something went wrong (injected by --profile-fail)")
        }
        do {
            try JWT.verify(authorization: request.headers["Authorization"], secret: secret, now: now())
        } catch {
            return ProfileResponses.error(401, code: error.code, message: error.message)
        }
        guard jsonBody else { return handle([:]) }
        let mediaType = (request.headers["Content-Type"] ?? "").split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            return ProfileResponses.error(415, code: "contentType", message: "Send the body as JSON with Content-Type: application/json")
        }
        guard case .object(let object)? = try? JSONParser.parse(Array(request.body)) else {
            return ProfileResponses.error(400, code: "body", message: "The body must be a JSON object")
        }
        return handle(object)
    }

    /// A value that is not a string counts as missing (the rules then name the field).
    private func update(_ body: [String: JSONValue]) -> ServerResponse {
        switch ProfileRules.checkUpdate(firstName: body["firstName"]?.text, lastName: body["lastName"]?.text) {
        case .failure(let rejection):
            return ProfileResponses.rejected(rejection)
        case .success(let names):
            let saved = state.withLock { state in
                state.profile.firstName = names.firstName
                state.profile.lastName = names.lastName
                return state.profile
            }
            return ProfileResponses.retrieved(saved)
        }
    }

    /// Passwords are taken as sent (no trimming) and checked and changed under one lock.
    private func changePassword(_ body: [String: JSONValue]) -> ServerResponse {
        func secret(_ key: String) -> Secret? { body[key]?.text.map { Secret($0) } }
        let (current, new, confirmation) = (secret("currentPassword"), secret("newPassword"), secret("passwordConfirmation"))
        let rejection: ProfileRejection? = state.withLock { state in
            let rejection = ProfileRules.checkPasswordChange(
                current: current, new: new, confirmation: confirmation, stored: state.password,
                attempts: &state.attempts, at: .nanoseconds(Int64(clamping: clock.now())))
            if rejection == nil, let new { state.password = new }
            return rejection
        }
        return rejection.map(ProfileResponses.rejected) ?? ProfileResponses.passwordChanged
    }
}
