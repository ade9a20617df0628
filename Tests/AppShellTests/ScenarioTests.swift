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

private let scenarios = packageRoot.appendingPathComponent("Config/scenarios").path
private let library = ScenarioLibrary(directory: scenarios)

private func problem(_ json: String) -> String? {
    do {
        _ = try Scenario.decode(Data(json.utf8), name: "x", file: "s.json")
        return nil
    } catch {
        return error.message
    }
}

@Suite(.timeLimit(.minutes(10))) struct ScenarioTests {
    @Test func theBuiltInDefaultScenarioEqualsConfigScenariosDefaultJSON() throws {
        #expect(try library.load("default") == Scenario.builtInDefault)
    }

    @Test func everyShippedScenarioLoadsAndRoundTripsThroughJSON() throws {
        #expect(library.names() == ["default", "flaky", "happy", "login-down", "offline", "server-errors", "slow"])
        for name in library.names() {
            let scenario = try library.load(name)
            #expect(!scenario.description.isEmpty)
            #expect(try Scenario(json: scenario.json, name: name, file: name) == scenario)
        }
    }

    @Test func theDefaultScenarioLetsANewcomerFinishEveryChallengeWithoutPressingR() {
        let scenario = Scenario.builtInDefault
        for endpoint in EndpointName.all {
            let behaviour = scenario.behaviour(for: endpoint)
            // Pictures come quicker than API answers (Docs/images.md, "In the app").
            #expect(behaviour.delay == (endpoint == .images ? 0.2...0.6 : 0.5...2))
            let mock = MockEndpoint(endpoint.rawValue, behaviour: behaviour, seed: 42)
            let outcomes = (0..<20).map { _ in mock.nextPlan().outcome }
            if endpoint == .rLogin {
                // One visible failure, retried by rLogin's backoff, then success for good.
                #expect(outcomes.first == .failure(.status(500)))
                #expect(outcomes.dropFirst().allSatisfy { $0 == .success })
            } else {
                #expect(outcomes.allSatisfy { $0 == .success })
            }
        }
    }

    @Test func theShippedScenariosDoWhatTheirNamesSay() throws {
        let happy = try library.load("happy")
        #expect(EndpointName.all.allSatisfy { happy.behaviour(for: $0).outcomes == .alwaysSucceed })
        let slow = try library.load("slow")
        #expect(EndpointName.all.allSatisfy { slow.behaviour(for: $0).delay == 5...15 })
        let loginDown = try library.load("login-down")
        #expect(loginDown.behaviour(for: .rLogin).outcomes == .failNext(5, .status(500)))
        #expect(loginDown.behaviour(for: .articles).outcomes == .alwaysSucceed)
        let offline = try library.load("offline")
        #expect(EndpointName.all.allSatisfy {
            [.alwaysFail(.offline), .alwaysFail(.refused)].contains(offline.behaviour(for: $0).outcomes)
        })
        let flaky = try library.load("flaky")
        for endpoint in EndpointName.all {
            guard case .random(let probability, _) = flaky.behaviour(for: endpoint).outcomes else {
                Issue.record("\(endpoint) is not random in flaky")
                continue
            }
            #expect(probability == 0.7)
        }
        let serverErrors = try library.load("server-errors")
        for endpoint in EndpointName.all {
            let mock = MockEndpoint(endpoint.rawValue, behaviour: serverErrors.behaviour(for: endpoint))
            for _ in 0..<5 {
                guard case .failure(.status(let status)) = mock.nextPlan().outcome else {
                    Issue.record("\(endpoint) succeeded in server-errors")
                    break
                }
                #expect((500...599).contains(status))
            }
        }
    }

    @Test func everyOutcomeFormParses() throws {
        let scenario = try Scenario.decode(Data(#"""
        {
          "description": "all forms",
          "experiment": "screenB2",
          "endpoints": {
            "rLogin": { "delay": 1, "outcome": "fail:timeout" },
            "rFetchExperiments": { "outcome": { "fail": "malformed" } },
            "rSubmitSelection": { "delay": [0, 0.5], "outcome": { "sequence": ["fail:500", "fail:refused", "succeed"] } },
            "articles": { "outcome": { "successRate": 0.25, "failure": "offline" } },
            "profile": { "outcome": { "failNext": 2, "failure": "401" } },
            "profileUpdate": {},
            "passwordChange": { "outcome": "succeed" }
          }
        }
        """#.utf8), name: "forms", file: "forms.json")
        #expect(scenario.name == "forms")
        #expect(scenario[NavigationSettings.experiment] == .screenB2)
        #expect(scenario.behaviour(for: .rLogin) == EndpointBehaviour(delay: 1...1, outcomes: .alwaysFail(.timeout)))
        #expect(scenario.behaviour(for: .rFetchExperiments).outcomes == .alwaysFail(.malformed))
        #expect(scenario.behaviour(for: .rSubmitSelection)
            == EndpointBehaviour(delay: 0...0.5, outcomes: .sequence([.failure(.status(500)), .failure(.refused), .success])))
        #expect(scenario.behaviour(for: .articles).outcomes == .random(successProbability: 0.25, failure: .offline))
        #expect(scenario.behaviour(for: .profile).outcomes == .failNext(2, .status(401)))
        #expect(scenario.behaviour(for: .profileUpdate) == .instant)
        #expect(try Scenario(json: scenario.json, name: "forms", file: "x") == scenario)
    }

    @Test func badScenariosNameTheFileTheKeyAndTheProblem() {
        #expect(problem(#"{"endpoints": {"rlogin": {}}}"#)?.hasPrefix("s.json: endpoints.rlogin: unknown endpoint (known: rLogin, ") == true)
        #expect(problem(#"{"endpoints": {"rLogin": {"outcome": {"fail": "504x"}}}}"#)
            == #"s.json: endpoints.rLogin.outcome.fail: expected a failure: an HTTP status such as "500", or "timeout", "refused", "offline", "malformed"; got "504x""#)
        #expect(problem(#"{"endpoints": {"rLogin": {"outcome": {"fail": "700"}}}}"#)?.contains("rLogin.outcome.fail") == true)
        #expect(problem(#"{"endpoints": {"rLogin": {"delay": [2, 1]}}}"#)
            == "s.json: endpoints.rLogin.delay: expected min <= max, got [2,1]")
        #expect(problem(#"{"endpoints": {"rLogin": {"delay": [1]}}}"#)
            == "s.json: endpoints.rLogin.delay: expected [min, max] seconds or one number, got [1]")
        #expect(problem(#"{"endpoints": {"rLogin": {"delay": -1}}}"#) == "s.json: endpoints.rLogin.delay: expected a number of seconds, got -1")
        #expect(problem(#"{"endpoints": {"rLogin": {"outcome": {"successRate": 1.5, "failure": "500"}}}}"#)
            == "s.json: endpoints.rLogin.outcome.successRate: expected a probability between 0 and 1, got 1.5")
        #expect(problem(#"{"endpoints": {"rLogin": {"outcome": {"sequence": []}}}}"#)
            == "s.json: endpoints.rLogin.outcome.sequence: expected at least one step")
        #expect(problem(#"{"endpoints": {"rLogin": {"outcome": {"sequence": ["maybe"]}}}}"#)
            == #"s.json: endpoints.rLogin.outcome.sequence[0]: expected "succeed", "fail:<failure>" or {"fail": F}, got "maybe""#)
        #expect(problem(#"{"endpoints": {"rLogin": {"outcome": "fine"}}}"#)?.hasPrefix(#"s.json: endpoints.rLogin.outcome: expected "succeed""#) == true)
        #expect(problem(#"{"endpoints": {"rLogin": {"outcome": {"failNext": 1}}}}"#)?.hasPrefix("s.json: endpoints.rLogin.outcome: expected") == true)
        #expect(problem(#"{"endpoints": {"rLogin": {"outcome": {"oops": 1}}}}"#)?.hasPrefix("s.json: endpoints.rLogin.outcome.oops: unknown key") == true)
        #expect(problem(#"{"experiment": "screenB4"}"#)
            == #"s.json: experiment: expected one of screenB1, screenB2, screenB3, noScreenB, got "screenB4""#)
        #expect(problem(#"{"delay": 1}"#)?.hasPrefix("s.json: delay: unknown key") == true)
        #expect(problem(#"{"endpoints": []}"#) == "s.json: endpoints: expected an object, got []")
    }

    @Test func theLibraryExplainsUnknownNamesAndWorksWithoutAFolder() throws {
        #expect(throws: ConfigurationError(
            file: scenarios + "/nope.json", keyPath: "",
            problem: #"no scenario named "nope" (available: default, flaky, happy, login-down, offline, server-errors, slow)"#)) {
            try library.load("nope")
        }
        #expect(throws: ConfigurationError.self) { try library.load("../default") }
        let bare = ScenarioLibrary(directory: nil, builtIn: [:])
        #expect(bare.names() == ["default"])
        #expect(try bare.load("default") == .builtInDefault)
        #expect(throws: ConfigurationError.self) { try bare.load("happy") }
        // Without any folder the compiled-in scenarios are all there, and each is its file.
        let installed = ScenarioLibrary(directory: nil)
        #expect(installed.names() == library.names())
        for name in installed.names() { #expect(try installed.load(name) == library.load(name)) }
    }

    @Test func aUsersScenarioIsAddedAndTakesABuiltInOnesPlace() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.file("challenge-tui/scenarios"), withIntermediateDirectories: true)
        try Data(#"{"description": "mine", "defaults": {"delay": [0, 0], "outcome": "succeed"}}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.file("challenge-tui/scenarios/slow.json")))
        try Data(#"{"description": "also mine"}"#.utf8).write(to: URL(fileURLWithPath: folder.file("challenge-tui/scenarios/quiet.json")))
        let user = ScenarioLibrary(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(user.names() == ["default", "flaky", "happy", "login-down", "offline", "quiet", "server-errors", "slow"])
        #expect(try user.load("slow").description == "mine")
        #expect(try user.load("quiet").description == "also mine")
        #expect(try user.load("happy") == library.load("happy"))
    }

    /// A failure may name what it concerns and say it: the profile shows that message under
    /// the field the code names; any other injected status gets the screen's generic answer.
    @Test func anAnswerNamingAFieldAndAMessageParsesInEveryForm() throws {
        let scenario = try Scenario.decode(Data(#"""
        {
          "endpoints": {
            "profileUpdate": { "outcome": { "fail": { "status": 400, "code": "lastName", "message": "Last Name is taken" } } },
            "passwordChange": { "outcome": { "failNext": 1, "failure": { "status": 422, "code": "newPassword", "message": "Too common" } } },
            "profile": { "outcome": { "sequence": [{ "fail": { "status": 403, "code": "forbidden", "message": "Locked" } }, "succeed"] } }
          }
        }
        """#.utf8), name: "answers", file: "answers.json")
        let taken = SimulatedFailure.answer(status: 400, code: "lastName", message: "Last Name is taken")
        #expect(scenario.behaviour(for: .profileUpdate).outcomes == .alwaysFail(taken))
        #expect(scenario.behaviour(for: .passwordChange).outcomes
            == .failNext(1, .answer(status: 422, code: "newPassword", message: "Too common")))
        #expect(scenario.behaviour(for: .profile).outcomes
            == .sequence([.failure(.answer(status: 403, code: "forbidden", message: "Locked")), .success]))
        #expect(try Scenario(json: scenario.json, name: "answers", file: "x") == scenario)
        #expect(EndpointBehaviour.name(of: taken) == "400 lastName")
        #expect(taken.apiError == .http(status: 400, body: "Last Name is taken"))
    }

    @Test func aBadAnswerIsNamed() {
        func answer(_ json: String) -> String? {
            problem(#"{"endpoints": {"profileUpdate": {"outcome": {"fail": \#(json)}}}}"#)
        }
        #expect(answer(#"{"status": 400, "code": "lastName"}"#)?.hasPrefix("s.json: endpoints.profileUpdate.outcome.fail: expected an answer") == true)
        #expect(answer(#"{"status": 200, "code": "x", "message": "y"}"#)
            == "s.json: endpoints.profileUpdate.outcome.fail.status: expected an HTTP error status, got 200")
        #expect(answer(#"{"status": 600, "code": "x", "message": "y"}"#)
            == "s.json: endpoints.profileUpdate.outcome.fail.status: expected an HTTP error status (400 to 599), got 600")
        #expect(answer(#"{"status": 400, "code": "x", "message": "  "}"#)
            == "s.json: endpoints.profileUpdate.outcome.fail.message: expected a message to show")
        let long = String(repeating: "m", count: EndpointBehaviour.answerMessageLimit + 1)
        #expect(answer(#"{"status": 400, "code": "x", "message": "\#(long)"}"#)
            == "s.json: endpoints.profileUpdate.outcome.fail.message: expected at most 200 characters")
        let code = String(repeating: "c", count: EndpointBehaviour.answerCodeLimit + 1)
        #expect(answer(#"{"status": 400, "code": "\#(code)", "message": "m"}"#)
            == "s.json: endpoints.profileUpdate.outcome.fail.code: expected at most 64 characters")
        #expect(answer(#"{"status": 400, "code": "x", "message": "m", "field": "f"}"#)?.contains("unknown key") == true)
        #expect(problem(#"{"endpoints": {"profileUpdate": {"outcome": {"sequence": [{"fail": "500", "x": 1}]}}}}"#)?
            .contains("unknown key") == true)
    }

    @Test func failureNamesRoundTrip() {
        for failure in [SimulatedFailure.status(422), .timeout, .refused, .offline, .malformed] {
            let reader = JSONReader(file: "f", value: .null)
            #expect((try? EndpointBehaviour.failure(EndpointBehaviour.name(of: failure), reader)) == failure)
        }
    }
}
