import Testing
import Foundation
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct MockEndpointTests {
    @Test func failNextFailsExactlyThatManyThenSucceeds() {
        let endpoint = MockEndpoint("rLogin", behaviour: .init(delay: 0...0, outcomes: .failNext(2, .status(500))))
        let outcomes = (1...4).map { _ in endpoint.nextPlan().outcome }
        #expect(outcomes == [.failure(.status(500)), .failure(.status(500)), .success, .success])
    }

    @Test func sequenceRepeatsItsLastOutcome() {
        let endpoint = MockEndpoint("x", behaviour: .init(delay: 0...0, outcomes: .sequence([.failure(.timeout), .success])))
        #expect((1...3).map { _ in endpoint.nextPlan().outcome } == [.failure(.timeout), .success, .success])
    }

    @Test func sameSeedSameDrawsAndDelaysStayInRange() {
        let behaviour = EndpointBehaviour(delay: 1...15, outcomes: .random(successProbability: 0.5, failure: .status(500)))
        let a = MockEndpoint("a", behaviour: behaviour, seed: 42)
        let b = MockEndpoint("b", behaviour: behaviour, seed: 42)
        let plansA = (1...50).map { _ in a.nextPlan() }
        #expect(plansA == (1...50).map { _ in b.nextPlan() })
        #expect(plansA.allSatisfy { $0.delay >= .seconds(1) && $0.delay <= .seconds(15) })
        let successes = plansA.filter { $0.outcome == .success }.count
        #expect(successes > 10 && successes < 40)
    }

    @Test func behaviourChangesApplyToTheNextRequest() {
        let endpoint = MockEndpoint("x", behaviour: .instant)
        #expect(endpoint.nextPlan().outcome == .success)
        endpoint.behaviour.outcomes = .alwaysFail(.refused)
        #expect(endpoint.nextPlan().outcome == .failure(.refused))
        #expect(SimulatedFailure.refused.apiError == .connectionRefused)
        #expect(SimulatedFailure.status(403).apiError == .http(status: 403, body: ""))
    }

    @Test func inMemoryStoreReadsWritesAndRemoves() throws {
        let store = InMemoryRecordStore()
        #expect(try store.read("a") == nil)
        try store.write(Data("x".utf8), to: "a")
        #expect(try store.read("a") == Data("x".utf8))
        #expect(store.names == ["a"])
        try store.remove("a")
        #expect(try store.read("a") == nil)
    }
}
