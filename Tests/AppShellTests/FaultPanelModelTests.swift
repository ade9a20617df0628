@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

/// The fault panel's model on its own: rows, selection, outcome and delay cycling, the forced
/// experiment, the scenario picker.
@Suite(.timeLimit(.minutes(10))) struct FaultPanelModelTests {
    /// A panel listing `endpoints` (their challenges' rows, a challenge's own choices when all its
    /// endpoints are listed), over a mock where every endpoint answers at once.
    func model(
        _ endpoints: [EndpointName] = EndpointName.all,
        behaviours: [EndpointName: EndpointBehaviour] = [:], names: [String] = ["default", "flaky", "happy"],
        current: String = "default", selecting row: FaultPanelModel.Row? = nil
    ) -> FaultPanelModel {
        let challenges = Challenge.all.compactMap { challenge -> Challenge? in
            let listed = challenge.endpoints.filter(endpoints.contains)
            guard !listed.isEmpty else { return nil }
            return Challenge(
                id: challenge.id, title: challenge.title, summary: challenge.summary, endpoints: listed,
                extraFaults: challenge.extraFaults, makeScreen: challenge.makeScreen,
                faultChoices: listed == challenge.endpoints ? challenge.faultChoices : [])
        }
        let live = Dictionary(uniqueKeysWithValues: EndpointName.all.map { ($0, EndpointBehaviour.instant) }).merging(behaviours) { $1 }
        return FaultPanelModel(
            challenges: challenges, behaviours: live, choiceValues: [:], scenarioNames: names, scenarioName: current,
            selecting: row)
    }

    static let experiment = FaultPanelModel.Row.choice("next experiment")

    @Test func listsTheGivenEndpointsAndTheExperimentOnlyForTheFlow() {
        #expect(model([.rLogin, .rFetchExperiments, .rSubmitSelection]).rows == [
            .endpoint(.rLogin), .endpoint(.rFetchExperiments), .endpoint(.rSubmitSelection), Self.experiment,
        ])
        #expect(model([.articles]).rows == [.endpoint(.articles)])
        #expect(model([.profile, .profileUpdate, .passwordChange]).rows.count == 3)
        #expect(model().rows.count == 9)
    }

    @Test func upAndDownStopAtTheEnds() {
        var panel = model([.profile, .profileUpdate, .passwordChange])
        panel.move(by: -1)
        #expect(panel.selection == 0)
        panel.move(by: 1)
        panel.move(by: 1)
        panel.move(by: 1)
        #expect(panel.selectedRow == .endpoint(.passwordChange))
    }

    @Test func rightAndLeftCycleThroughTheOutcomes() {
        var panel = model([.rLogin])
        let expected: [OutcomePattern] = [
            .alwaysFail(.status(500)), .failNext(3, .status(500)), .random(successProbability: 0.5, failure: .status(500)),
            .alwaysFail(.timeout), .alwaysFail(.offline), .alwaysSucceed,
        ]
        for outcome in expected {
            #expect(panel.cycleOutcome(by: 1) == .behaviour(.rLogin, EndpointBehaviour(delay: 0...0, outcomes: outcome)))
        }
        #expect(panel.cycleOutcome(by: -1) == .behaviour(.rLogin, EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.offline))))
        #expect(panel.behaviour(.rLogin).outcomes == .alwaysFail(.offline))
    }

    @Test func profileEndpointsAlsoOfferEveryErrorTheScreenHandles() {
        let presets = model().outcomes(for: .passwordChange)
        for failure: SimulatedFailure in [.status(400), .status(401), .status(403), .status(422), .timeout, .refused, .malformed] {
            #expect(presets.contains(.alwaysFail(failure)))
        }
        #expect(!model().outcomes(for: .articles).contains(.alwaysFail(.status(422))))
    }

    @Test func aCountedDownFailNextStillMovesOnFromItsPlace() {
        var panel = model([.articles], behaviours: [.articles: EndpointBehaviour(delay: 1...3, outcomes: .failNext(2, .status(500)))])
        #expect(panel.cycleOutcome(by: 1) == .behaviour(
            .articles, EndpointBehaviour(delay: 1...3, outcomes: .random(successProbability: 0.5, failure: .status(500)))))
        var fiveHundreds = model([.articles], behaviours: [.articles: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.status(503)))])
        #expect(fiveHundreds.cycleOutcome(by: 1) == .behaviour(.articles, EndpointBehaviour(delay: 0...0, outcomes: .failNext(3, .status(500)))))
    }

    @Test func anOutcomeNoPresetMatchesStartsAtAnEnd() {
        let sequence = EndpointBehaviour(delay: 0...0, outcomes: .sequence([.failure(.status(500)), .success]))
        var forward = model([.passwordChange], behaviours: [.passwordChange: sequence])
        #expect(forward.cycleOutcome(by: 1) == .behaviour(.passwordChange, EndpointBehaviour(delay: 0...0, outcomes: .alwaysSucceed)))
        var backward = model([.passwordChange], behaviours: [.passwordChange: sequence])
        #expect(backward.cycleOutcome(by: -1) == .behaviour(.passwordChange, EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.malformed))))
    }

    @Test func plusAndMinusStepAlongTheDelayLadder() {
        var panel = model([.rLogin])
        #expect(panel.changeDelay(by: -1) == nil, "nothing is shorter than instant")
        #expect(panel.changeDelay(by: 1) == .behaviour(.rLogin, EndpointBehaviour(delay: 0.1...0.3, outcomes: .alwaysSucceed)))
        for _ in 0..<10 { _ = panel.changeDelay(by: 1) }
        #expect(panel.behaviour(.rLogin).delay == 15...20)
        #expect(panel.changeDelay(by: 1) == nil)
        // A delay between two rungs goes to the next one either way.
        var custom = model([.rLogin], behaviours: [.rLogin: EndpointBehaviour(delay: 0.2...0.5, outcomes: .alwaysSucceed)])
        #expect(custom.changeDelay(by: 1) == .behaviour(.rLogin, EndpointBehaviour(delay: 0.5...2, outcomes: .alwaysSucceed)))
        var customDown = model([.rLogin], behaviours: [.rLogin: EndpointBehaviour(delay: 0.2...0.5, outcomes: .alwaysSucceed)])
        #expect(customDown.changeDelay(by: -1) == .behaviour(.rLogin, EndpointBehaviour(delay: 0.1...0.3, outcomes: .alwaysSucceed)))
    }

    @Test func theExperimentRowCyclesTheNextExperiment() {
        var panel = model([.rLogin, .rFetchExperiments, .rSubmitSelection])
        panel.move(by: 3)
        #expect(panel.selectedRow == Self.experiment)
        #expect(panel.changeDelay(by: 1) == nil)
        #expect(panel.cycleOutcome(by: 1) == .choice("next experiment", "screenB1"))
        #expect(panel.cycleOutcome(by: 1) == .choice("next experiment", "screenB2"))
        #expect(panel.cycleOutcome(by: 1) == .choice("next experiment", "screenB3"))
        #expect(panel.cycleOutcome(by: 1) == .choice("next experiment", "noScreenB"))
        #expect(panel.cycleOutcome(by: 1) == .choice("next experiment", "random"))
        #expect(panel.cycleOutcome(by: -1) == .choice("next experiment", "noScreenB"))
        #expect(NavigationSettings.source("screenB3") == .fixed(.screenB3))
        #expect(NavigationSettings.source("random") == .random(seed: 7))
    }

    @Test func theScenarioPickerCyclesFromTheCurrentScenario() {
        var panel = model(current: "flaky")
        #expect(panel.pickNextScenario() == "happy")
        #expect(panel.pickNextScenario() == "default")
        var unlisted = model(current: "instant")
        #expect(unlisted.pickNextScenario() == "default")
        var none = model(names: [])
        #expect(none.pickNextScenario() == nil)
    }

    @Test func applyingAScenarioSetsEveryEndpointAndTheExperiment() {
        var panel = model([.articles])
        let scenario = Scenario(
            name: "broken", description: "",
            defaults: EndpointBehaviour(delay: 1...1, outcomes: .alwaysFail(.status(500))),
            endpoints: [.articles: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.refused))])
        panel.failed("an earlier problem")
        let changes = panel.apply(scenario, choiceValues: ["next experiment": "screenB2"])
        #expect(changes.count == EndpointName.all.count + 2)
        #expect(changes.contains(.behaviour(.articles, EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.refused)))))
        #expect(changes.contains(.behaviour(.rLogin, EndpointBehaviour(delay: 1...1, outcomes: .alwaysFail(.status(500))))))
        #expect(changes.contains(.choice("next experiment", "screenB2")), "a row not listed is set too")
        #expect(changes.last == .scenario("broken"), "the mock runs it after every endpoint is set")
        #expect(panel.scenarioName == "broken")
        #expect(panel.problem == nil)
        var flow = model([.rLogin, .rFetchExperiments, .rSubmitSelection])
        _ = flow.apply(scenario, choiceValues: ["next experiment": "screenB2"])
        #expect(flow.choices["next experiment"]?.value == "screenB2")
    }

    @Test func aScenarioThatFailedToLoadIsSaidAndSkippedNextTime() {
        var panel = model(current: "default")
        #expect(panel.pickNextScenario() == "flaky")
        panel.failed("flaky.json: broken")
        #expect(panel.problem == "flaky.json: broken")
        #expect(panel.scenarioName == "default")
        #expect(panel.pickNextScenario() == "happy")
    }

    @Test func refreshTakesTheLiveBehaviours() {
        var panel = model([.articles], behaviours: [.articles: EndpointBehaviour(delay: 0...0, outcomes: .failNext(3, .status(500)))])
        panel.refresh([.articles: EndpointBehaviour(delay: 0...0, outcomes: .failNext(1, .status(500)))])
        #expect(panel.behaviour(.articles).outcomes == .failNext(1, .status(500)))
    }

    @Test func describesOutcomesAndDelaysInWords() {
        #expect(FaultPanelModel.describe(OutcomePattern.alwaysSucceed) == "always succeed")
        #expect(FaultPanelModel.describe(OutcomePattern.alwaysFail(.status(401))) == "always fail (401)")
        #expect(FaultPanelModel.describe(OutcomePattern.failNext(3, .status(500))) == "fail next 3 (500)")
        #expect(FaultPanelModel.describe(OutcomePattern.random(successProbability: 0.7, failure: .timeout)) == "70% succeed, else timeout")
        #expect(FaultPanelModel.describe(OutcomePattern.sequence([.failure(.status(500)), .success])) == "sequence 500, ok")
        #expect(FaultPanelModel.describe(0...0) == "instant")
        #expect(FaultPanelModel.describe(3...3) == "3 s")
        #expect(FaultPanelModel.describe(0.5...2) == "0.5–2 s")
        #expect(FaultPanelModel.title(of: Self.experiment) == "next experiment")
        #expect(FaultPanelModel.title(of: .endpoint(.profileUpdate)) == "profileUpdate")
    }
}
