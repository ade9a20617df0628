import Contract
import Core
import Foundation
import Testing
import CoreTesting
@testable import Navigation

@Suite(.timeLimit(.minutes(10))) struct MockNavigationAPITests {
    private func api(
        login: OutcomePattern = .alwaysSucceed, fetch: OutcomePattern = .alwaysSucceed,
        submit: OutcomePattern = .alwaysSucceed, experiment: MockNavigationAPI.ExperimentSource = .fixed(.screenB2)
    ) -> MockNavigationAPI {
        MockNavigationAPI(
            login: .init(delay: 0...0, outcomes: login), fetchExperiments: .init(delay: 0...0, outcomes: fetch),
            submitSelection: .init(delay: 0...0, outcomes: submit), experiment: experiment, clock: ContinuousClock())
    }

    @Test func happyPathAnswersLikeTheServer() async throws {
        let api = api()
        let sessionID = try await api.login()
        #expect(UUID(uuidString: sessionID) != nil && sessionID == sessionID.lowercased())
        #expect(try await api.fetchExperiment() == .screenB2)
        try await api.submitSelection(sessionID: nil, screen: "screenB1", selection: "Choice A")
        #expect(api.endpoints.map(\.name) == ["rLogin", "rFetchExperiments", "rSubmitSelection"])
        #expect(api.endpoint(.submitSelection) === api.submitSelection)
    }

    @Test func sessionIDsAreVersion4UUIDsDrawnFromASeedTheSameEveryRun() async throws {
        let first = api(), second = api()
        var ids: [String] = []
        for _ in 0..<3 { ids.append(try await first.login()) }
        #expect(Set(ids).count == 3, "a new id at every sign-in")
        for id in ids {
            let uuid = try #require(UUID(uuidString: id))
            #expect(uuid.uuidString.lowercased() == id)
            #expect(id.split(separator: "-")[2].first == "4", "version 4")
            #expect("89ab".contains(id.split(separator: "-")[3].first!), "the RFC 4122 variant")
        }
        #expect(try await second.login() == ids[0], "the same seed, the same ids (a recorded demo is the same every time)")
    }

    @Test func rLoginFailsWithTheOriginalServersFiveHundred() async {
        await #expect(throws: APIError.http(status: 500, body: "Something went wrong")) {
            try await api(login: .alwaysFail(.status(500))).login()
        }
        await #expect(throws: APIError.timedOut) { try await api(login: .alwaysFail(.timeout)).login() }
    }

    @Test func failuresOfTheOtherEndpointsAreTheirSimulatedErrors() async {
        await #expect(throws: APIError.http(status: 500, body: "")) {
            try await api(fetch: .alwaysFail(.status(500))).fetchExperiment()
        }
        await #expect(throws: APIError.undecodable("the response is not valid JSON")) {
            try await api(fetch: .alwaysFail(.malformed)).fetchExperiment()
        }
        await #expect(throws: APIError.connectionRefused) {
            try await api(submit: .alwaysFail(.refused)).submitSelection(sessionID: "s", screen: "screenB2", selection: "Option 1")
        }
    }

    @Test func behavioursChangeWhileRunning() async throws {
        let api = api()
        _ = try await api.login()
        api.login.behaviour.outcomes = .alwaysFail(.offline)
        await #expect(throws: APIError.offline) { try await api.login() }
        api.experimentSource = .fixed(.noScreenB)
        #expect(api.experimentSource == .fixed(.noScreenB))
        #expect(try await api.fetchExperiment() == .noScreenB)
    }

    @Test func scenarioBehavioursAreKeyedByEndpointNameAndMissingOnesSucceedAtOnce() async throws {
        let api = MockNavigationAPI(
            behaviours: ["rFetchExperiments": .init(delay: 0...0, outcomes: .alwaysFail(.status(503)))],
            experiment: .fixed(.screenB1), clock: ContinuousClock())
        #expect(api.login.behaviour == .instant && api.submitSelection.behaviour == .instant)
        _ = try await api.login()
        await #expect(throws: APIError.http(status: 503, body: "")) { try await api.fetchExperiment() }
    }

    @Test func randomExperimentsRepeatWithTheSeedAndCoverEveryValue() async throws {
        let a = api(experiment: .random(seed: 7))
        let b = api(experiment: .random(seed: 7))
        var drawsA: [Experiment] = []
        var drawsB: [Experiment] = []
        for _ in 0..<40 {
            drawsA.append(try await a.fetchExperiment())
            drawsB.append(try await b.fetchExperiment())
        }
        #expect(drawsA == drawsB)
        #expect(Set(drawsA) == Set(Experiment.allCases))
        // Setting the source again restarts its draws.
        a.experimentSource = .random(seed: 7)
        #expect(try await a.fetchExperiment() == drawsA[0])
    }

    @Test func aCancelledRequestThrowsCancelledWithoutWaitingItsDelay() async {
        let api = MockNavigationAPI(
            login: .init(delay: 3600...3600, outcomes: .alwaysSucceed), fetchExperiments: .instant,
            submitSelection: .instant, clock: ContinuousClock())
        let task = Task { () async throws(APIError) -> SessionID in try await api.login() }
        task.cancel()
        await #expect(throws: APIError.cancelled) { try await task.value }
    }
}

@Suite(.timeLimit(.minutes(10))) struct HTTPNavigationAPITests {
    @Test func loginGetsRLoginAndDecodesTheSessionID() async throws {
        let client = StubHTTPClient(body: #"{"sessionId":"9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d"}"#)
        let api = HTTPNavigationAPI(client: client)
        #expect(try await api.login() == "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d")
        #expect(client.requests.map(\.url.absoluteString) == ["http://127.0.0.1:3000/rLogin"])
        #expect(client.requests.first?.method == .get)
    }

    @Test(arguments: [#"{"token":"x"}"#, #"{"sessionId":""}"#, "Something went wrong", ""])
    func loginRejectsAnythingButASessionID(body: String) async {
        let api = HTTPNavigationAPI(client: StubHTTPClient(body: body))
        do {
            _ = try await api.login()
            Issue.record("accepted \(body)")
        } catch {
            guard case .undecodable(let detail) = error else { return #expect(Bool(false), "\(error)") }
            #expect(detail.contains("sessionId"))
        }
    }

    @Test(arguments: Experiment.allCases)
    func fetchExperimentDecodesABareJSONString(experiment: Experiment) async throws {
        let client = StubHTTPClient(body: "\"\(experiment.rawValue)\"\n")
        #expect(try await HTTPNavigationAPI(client: client).fetchExperiment() == experiment)
        #expect(client.requests.map(\.url.path) == ["/rFetchExperiments"])
        // Unquoted text is unambiguous, and accepted too.
        #expect(try await HTTPNavigationAPI(client: StubHTTPClient(body: experiment.rawValue)).fetchExperiment() == experiment)
    }

    @Test(arguments: [#""screenB4""#, "42", #"{"experiment":"screenB1"}"#, "", #""ScreenB1""#])
    func fetchExperimentRejectsAnythingElseWithAClearDetail(body: String) async {
        do {
            _ = try await HTTPNavigationAPI(client: StubHTTPClient(body: body)).fetchExperiment()
            Issue.record("accepted \(body)")
        } catch {
            guard case .undecodable(let detail) = error else { return #expect(Bool(false), "\(error)") }
            #expect(detail.contains(#""screenB1", "screenB2", "screenB3", "noScreenB""#))
        }
    }

    @Test func submitSelectionSendsItsQueryItemsURLEncoded() async throws {
        let client = StubHTTPClient(body: "")
        let api = HTTPNavigationAPI(client: client, baseURL: URL(string: "http://example.test:8080/api")!)
        try await api.submitSelection(sessionID: "s 1+2", screen: "screenB1", selection: "Choice A")
        try await api.submitSelection(sessionID: nil, screen: "screenB2", selection: "Option 3")
        let urls = client.requests.map(\.url.absoluteString)
        #expect(urls == [
            "http://example.test:8080/api/rSubmitSelection?sessionId=s%201%2B2&screen=screenB1&selection=Choice%20A",
            "http://example.test:8080/api/rSubmitSelection?screen=screenB2&selection=Option%203",
        ])
        let items = URLComponents(url: client.requests[0].url, resolvingAgainstBaseURL: false)?.queryItems
        #expect(items?.first { $0.name == "sessionId" }?.value == "s 1+2")
    }

    @Test func serverAndTransportErrorsPassThrough() async {
        let failing = HTTPNavigationAPI(client: StubHTTPClient(.failure(.http(status: 500, body: "Something went wrong"))))
        await #expect(throws: APIError.http(status: 500, body: "Something went wrong")) { try await failing.login() }
        await #expect(throws: APIError.http(status: 500, body: "Something went wrong")) { try await failing.fetchExperiment() }
        let refused = HTTPNavigationAPI(client: StubHTTPClient(.failure(.connectionRefused)))
        await #expect(throws: APIError.connectionRefused) {
            try await refused.submitSelection(sessionID: nil, screen: "screenB1", selection: "Choice A")
        }
    }

    @Test func longBodiesAreCutInErrorMessages() async {
        let body = String(repeating: "x", count: 200)
        do {
            _ = try await HTTPNavigationAPI(client: StubHTTPClient(body: body)).fetchExperiment()
        } catch {
            #expect(error.message.contains(String(repeating: "x", count: 80) + "…"))
            #expect(!error.message.contains(String(repeating: "x", count: 81)))
        }
    }
}
