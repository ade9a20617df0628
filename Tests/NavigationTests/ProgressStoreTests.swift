import Contract
import Core
import Foundation
import Testing
@testable import Navigation

@Suite(.timeLimit(.minutes(10))) struct ProgressStoreTests {
    @Test func progressRoundTripsAndResetForgetsIt() throws {
        let memory = InMemoryRecordStore()
        let store = NavigationProgressStore(store: memory)
        #expect(try store.load() == nil)
        let progress = NavigationProgress(screen: .c2, experiment: .screenB2, b1Selection: 0, b2Checked: 3, cameFrom: .b2)
        try store.save(progress)
        #expect(memory.names == ["navigation.progress"])
        #expect(try store.load() == progress)
        try store.reset()
        #expect(try store.load() == nil)
        #expect(memory.names.isEmpty)
    }

    @Test func theRecordIsPlainJSONForTheSealingStore() throws {
        let memory = InMemoryRecordStore()
        try NavigationProgressStore(store: memory).save(NavigationProgress(screen: .b1, experiment: .screenB1, b1Selection: 2))
        let data = try #require(try memory.read("navigation.progress"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["screen"] as? String == "B1")
        #expect(object["experiment"] as? String == "screenB1")
        #expect(object["b1Selection"] as? Int == 2)
    }

    @Test(arguments: [
        "not json",
        #"{"screen":"E","b1Selection":0}"#,
        #"{"screen":"B1","experiment":"screenB1","b1Selection":9}"#,
    ])
    func damagedProgressIsSetAsideAndReportedOnce(record: String) throws {
        let memory = InMemoryRecordStore(["navigation.progress": Data(record.utf8)])
        let store = NavigationProgressStore(store: memory)
        do {
            _ = try store.load()
            Issue.record("loaded \(record)")
        } catch {
            guard case .damaged(let name, let movedTo, _) = error else { return #expect(Bool(false), "\(error)") }
            #expect(name == "navigation.progress" && movedTo == "navigation.progress.damaged")
        }
        #expect(try memory.read("navigation.progress.damaged") == Data(record.utf8))  // never silently lost
        #expect(try store.load() == nil)  // reported once
    }

    @Test func inconsistentProgressNamesItsProblem() {
        #expect(NavigationProgress(screen: .a).problem == nil)
        #expect(NavigationProgress(screen: .b2, experiment: .screenB2, b2Checked: 5).problem != nil)
        #expect(NavigationProgress(screen: .c2, experiment: .screenB1, cameFrom: .a).problem != nil)
        #expect(NavigationProgress(screen: .b1).problem != nil)
        #expect(NavigationProgress(screen: .c1, experiment: .screenB1).problem != nil)
        #expect(NavigationProgress(screen: .c2, experiment: .screenB1, cameFrom: .b1).problem != nil)
        #expect(NavigationProgress(screen: .c2, experiment: .noScreenB).problem == nil)
    }

    @Test func storeFailuresAreThrownAsTheyAre() {
        let store = NavigationProgressStore(store: FailingRecordStore(.io("read-only")))
        #expect(throws: StoreError.io("read-only")) { try store.save(NavigationProgress(screen: .a)) }
        #expect(throws: StoreError.io("read-only")) { try store.reset() }
    }

    @Test func screenTitlesAndKinds() {
        #expect(FlowScreen.allCases.map(\.title) == ["Screen A", "Screen B1", "Screen B2", "Screen B3", "Screen C1", "Screen C2", "Screen D"])
        #expect(FlowScreen.allCases.filter(\.isB) == [.b1, .b2, .b3])
        #expect(FlowScreen.allCases.filter(\.isC) == [.c1, .c2])
        #expect(Experiment.allCases.map(\.rawValue) == ["screenB1", "screenB2", "screenB3", "noScreenB"])
    }
}
