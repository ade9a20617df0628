import Contract
import Core
import DevServer
import Foundation
import Profile
import Synchronization
import Testing

/// `HTTPProfileAPI` against the real challenge-server, in process: the app's HTTP profile
/// backend and the server agree on paths, bodies, envelopes, codes and statuses.
@Suite(.timeLimit(.minutes(10))) struct ProfileHTTPTests {
    let local: LocalServer

    init() throws { local = try LocalServer() }

    private func api(token: String? = DevToken.default, client: (any HTTPClient)? = nil) -> HTTPProfileAPI {
        HTTPProfileAPI(client: client ?? local.client, baseURL: local.baseURL, token: token.map { Secret($0) })
    }

    private func status(_ work: () async throws(APIError) -> Void) async -> APIError? {
        do {
            try await work()
            return nil
        } catch {
            return error
        }
    }

    /// A state with the profile loaded and `event` submitted (the request "in flight"), so an
    /// answer can be fed through the reducer as the runtime would.
    private func stateSubmitting(_ edits: [(ProfileField, String)], _ submit: ProfileEvent) -> ProfileState {
        var state = ProfileState()
        _ = state.reduce(.appeared)
        _ = state.reduce(.loaded(.success(.sample)))
        for (field, text) in edits { _ = state.reduce(.edit(field, text)) }
        let effects = state.reduce(submit)
        #expect(effects.count == 1, "the submit asked for a request")
        return state
    }

    @Test func seedReq1_loadsTheProfile() async throws {
        #expect(try await api().fetchProfile() == UserProfile(firstName: "Johnny B", userName: "iOS User", lastName: "Goode"))
    }

    @Test func seedReq2_savedNamesComeBackFromTheNextLoad() async throws {
        let saved = try await api().updateProfile(firstName: "Grace", lastName: "Hopper")
        #expect(saved == UserProfile(firstName: "Grace", userName: "iOS User", lastName: "Hopper"))
        #expect(try await api().fetchProfile() == saved)
    }

    @Test func seedReq2_aChangedPasswordBecomesTheCurrentOne() async throws {
        try await api().changePassword(current: "password123", new: "correct horse", confirmation: "correct horse")
        let old = await status { () async throws(APIError) in
            try await api().changePassword(current: "password123", new: "battery staple", confirmation: "battery staple")
        }
        #expect(old?.status == 403)
        #expect(old?.statusEnvelope?.code == "wrongCurrentPassword")
        try await api().changePassword(current: "correct horse", new: "battery staple", confirmation: "battery staple")
    }

    @Test(arguments: [nil, "not.a.token", DevToken.token(secret: "someone else's")])
    func seedReq3_noOrBadTokenIs401AndTheTokenIsNamed(token: String?) async throws {
        let error = await status { () async throws(APIError) in _ = try await api(token: token).fetchProfile() }
        #expect(error?.status == 401)
        var state = ProfileState()
        _ = state.reduce(.appeared)
        _ = state.reduce(.loaded(.failure(try #require(error))))
        #expect(state.loadMessage == ProfileCopy.tokenRefused)
        #expect(state.loadAdvice == ProfileCopy.tokenAdvice)
    }

    @Test func seedReq3_a400OfTheUpdateLandsUnderTheFieldItNames() async throws {
        let error = await status { () async throws(APIError) in _ = try await api().updateProfile(firstName: "Ada", lastName: "   ") }
        let failure = try #require(error)
        #expect(failure.status == 400)
        var state = stateSubmitting([(.lastName, "Lovelace")], .saveBasicInformation)
        _ = state.reduce(.basicInformationSaved(.failure(failure)))
        #expect(state.error(for: .lastName) == "Last Name is required")
        #expect(state.message(for: .basicInformation) == nil)
    }

    @Test(arguments: [
        ("password123", "short", "short", 422, ProfileField.newPassword),
        ("password123", "password123", "password123", 422, .newPassword),
        ("password123", "abcdefgh", "abcdefgX", 422, .passwordConfirmation),
        ("wrong-password", "abcdefgh", "abcdefgh", 403, .currentPassword),
        ("password123", "abcdefgh", "", 400, .passwordConfirmation),
    ])
    func seedReq3_passwordRefusalsLandUnderTheirField(
        current: String, new: String, confirmation: String, expectedStatus: Int, field: ProfileField
    ) async throws {
        let error = await status { () async throws(APIError) in
            try await api().changePassword(current: Secret(current), new: Secret(new), confirmation: Secret(confirmation))
        }
        let failure = try #require(error)
        #expect(failure.status == expectedStatus)
        let message = try #require(failure.statusEnvelope?.message)
        // Typed so the client's own checks pass; the server's answer is what is shown.
        var state = stateSubmitting(
            [(.currentPassword, "password123"), (.newPassword, "abcdefgh"), (.passwordConfirmation, "abcdefgh")],
            .changePassword)
        _ = state.reduce(.passwordChanged(.failure(failure)))
        #expect(state.errors == [field: message])
    }

    @Test func everyRequestSendsTheBearerTokenAndJSONHeaders() async throws {
        let recorder = RecordingClient(local.client)
        let api = api(client: recorder)
        _ = try await api.fetchProfile()
        _ = try await api.updateProfile(firstName: "A", lastName: "B")
        try await api.changePassword(current: "password123", new: "abcdefgh", confirmation: "abcdefgh")
        let requests = recorder.requests
        #expect(requests.map(\.url.path) == ["/profiles/mine", "/profiles/update", "/password/change"])
        for request in requests {
            #expect(request.headers["Authorization"] == "Bearer \(DevToken.default)")
            #expect(request.headers["Content-Type"] == "application/json")
        }
        let body = try #require(requests[2].body)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: String])
        #expect(json == ["currentPassword": "password123", "newPassword": "abcdefgh", "passwordConfirmation": "abcdefgh"])
        #expect(requests[2].isSensitive)
    }

    @Test func theRuntimeDrivesTheWholeFormAgainstTheServer() async throws {
        let runtime = ProfileRuntime(api: api())
        var state = ProfileState()
        for effect in state.reduce(.appeared) { await perform(effect, runtime, &state) }
        #expect(state.showsForm)
        _ = state.reduce(.edit(.firstName, "  Katherine "))
        for effect in state.reduce(.saveBasicInformation) { await perform(effect, runtime, &state) }
        #expect(state.message(for: .basicInformation)?.text == ProfileCopy.profileSaved)
        #expect(state.firstName == "Katherine")
        #expect(try await api().fetchProfile().firstName == "Katherine")
    }

    private func perform(_ effect: ProfileEffect, _ runtime: ProfileRuntime, _ state: inout ProfileState) async {
        let events = Mutex<[ProfileEvent]>([])
        await runtime.perform(effect) { event in events.withLock { $0.append(event) } }
        for event in events.withLock({ $0 }) { _ = state.reduce(event) }
    }
}

/// Passes requests on and keeps them, to check the headers and bodies that were sent.
private final class RecordingClient: HTTPClient {
    private let wrapped: any HTTPClient
    private let recorded = Mutex<[HTTPRequest]>([])

    init(_ wrapped: any HTTPClient) { self.wrapped = wrapped }

    var requests: [HTTPRequest] { recorded.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        return try await wrapped.send(request)
    }
}
