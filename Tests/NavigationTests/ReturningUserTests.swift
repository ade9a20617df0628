import Core
import ReducerTesting
import Testing
@testable import Navigation

@Suite(.timeLimit(.minutes(10))) struct ReturningUserTests {
    @Test(arguments: [
        NavigationProgress(screen: .b1, experiment: .screenB1, b1Selection: 3),
        NavigationProgress(screen: .b2, experiment: .screenB2, b2Checked: 2),
        NavigationProgress(screen: .b3, experiment: .screenB3),
        NavigationProgress(screen: .c1, experiment: .screenB1, b1Selection: 1, cameFrom: .b1),
        NavigationProgress(screen: .c2, experiment: .screenB2, b2Checked: 4, cameFrom: .b2),
        NavigationProgress(screen: .c2, experiment: .screenB3, cameFrom: .b3),
        NavigationProgress(screen: .c2, experiment: .noScreenB),
        NavigationProgress(screen: .d, experiment: .screenB1, b1Selection: 2),
    ])
    func returningUserResumesOnLastScreen(progress: NavigationProgress) {
        let flow = FlowStore.flow()
        #expect(flow.send(.start).contains(.login(attempt: 1)))  // rLogin runs again
        let effects = flow.send(.progressLoaded(.success(progress)))
        #expect(flow.state.screen == progress.screen)
        #expect(flow.state.progress == progress)  // with its selection
        #expect(effects.persisted.isEmpty)  // nothing changed
        #expect(!effects.contains(.fetchExperiments))
        #expect(effects == (progress.screen.isC ? [.startTimer(.cMinimum, .seconds(3))] : []))
        #expect(flow.state.b2Cursor == (progress.b2Checked ?? 0))
        #expect(flow.state.canGoBack == (progress.screen.isC && progress.cameFrom != nil))
    }

    @Test func returningUserOnCWaitsThreeSecondsAgainThenGoesToD() {
        let flow = FlowStore.launched(NavigationProgress(screen: .c1, experiment: .screenB1, b1Selection: 4, cameFrom: .b1))
        #expect(flow.state.cTitle == "Choice E")
        flow.signIn()
        #expect(flow.state.screen == .c1)
        flow.send(.timerFired(.cMinimum))
        #expect(flow.state.screen == .d)
    }

    @Test func returningUserOnDStaysOnD() {
        let flow = FlowStore.launched(NavigationProgress(screen: .d, experiment: .screenB2, b2Checked: 0))
        flow.signIn()
        #expect(flow.lastEffects.isEmpty)
        #expect(flow.state.screen == .d)
    }

    @Test func everyScreenChangeAndEverySelectionIsPersisted() {
        let flow = FlowStore.launched()
        var stored: [NavigationProgress] = []
        func record(_ event: NavigationEvent) {
            stored += flow.send(event).persisted
        }
        record(.experimentsFetched(.success(.screenB2)))
        record(.moveDown)
        record(.toggle)
        record(.next)
        if let submission = flow.state.submitting { record(.submitFinished(submission, error: nil)) }
        record(.back)
        record(.next)
        if let submission = flow.state.submitting { record(.submitFinished(submission, error: nil)) }
        record(.loginFinished(attempt: 1, result: .success("s"), at: .zero))
        record(.timerFired(.cMinimum))
        let b2 = NavigationProgress(screen: .b2, experiment: .screenB2, b2Checked: 1)
        #expect(stored == [
            NavigationProgress(screen: .b2, experiment: .screenB2),
            b2,
            NavigationProgress(screen: .c2, experiment: .screenB2, b2Checked: 1, cameFrom: .b2),
            b2,
            NavigationProgress(screen: .c2, experiment: .screenB2, b2Checked: 1, cameFrom: .b2),
            NavigationProgress(screen: .d, experiment: .screenB2, b2Checked: 1),
        ])
        #expect(flow.state.persistRevision == 6)
    }

    @Test func damagedProgressIsReportedOnceAndTreatedAsNone() {
        let flow = FlowStore.flow()
        flow.send(.start)
        let damage = StoreError.damaged(name: "navigation.progress", movedTo: "navigation.progress.damaged", reason: "bad tag")
        #expect(flow.send(.progressLoaded(.failure(damage))) == [.fetchExperiments])
        #expect(flow.state.screen == .a)
        #expect(flow.state.loadError == damage)
        #expect(flow.state.storageMessage == damage.message)
        // A new launch that finds nothing no longer reports it.
        flow.send(.start)
        flow.send(.progressLoaded(.success(nil)))
        #expect(flow.state.loadError == nil && flow.state.storageMessage == nil)
    }

    @Test func inconsistentProgressStartsAfresh() {
        let flow = FlowStore.launched(NavigationProgress(screen: .c1, experiment: .screenB2, cameFrom: .b2))
        #expect(flow.state.screen == .a && flow.lastEffects == [.fetchExperiments])
    }

    @Test func persistFailuresAreShownNeverFatal() {
        let flow = FlowStore.fetched(.screenB1)
        let full = StoreError.io("disk full")
        flow.send(.progressSaveFailed(full, revision: 1))
        #expect(flow.state.saveError == full && flow.state.storageMessage == "Storage problem: disk full")
        #expect(flow.state.screen == .b1)
        flow.send(.moveDown)  // revision 2
        flow.send(.progressSaved(revision: 2))
        #expect(flow.state.saveError == nil)
        // An older write's late failure doesn't bring the message back.
        flow.send(.progressSaveFailed(full, revision: 1))
        #expect(flow.state.saveError == nil)
        flow.send(.progressSaved(revision: 1))
        #expect(flow.state.storageMessage == nil)
    }

    @Test func aRelaunchKeepsCountingPersistRevisions() {
        let flow = FlowStore.fetched(.screenB1)
        flow.send(.moveDown)
        let stored = flow.state.progress
        flow.send(.start)
        flow.send(.progressLoaded(.success(stored)))
        #expect(flow.state.b1Selection == 1)
        #expect(flow.state.persistRevision == 2)
        #expect(flow.send(.moveDown).first == .persist(flow.state.progress, revision: 3))
    }
}
