import Core
import ReducerTesting
import Testing
@testable import Navigation

@Suite(.timeLimit(.minutes(10))) struct ScreenBTests {
    @Test func screenB1IsAWheelWhoseHighlightIsTheSelection() {
        let flow = FlowStore.fetched(.screenB1)
        #expect(flow.state.b1Selection == 0 && flow.state.b1SelectedLabel == "Choice A")
        #expect(flow.send(.moveUp).isEmpty)  // stops at the top
        #expect(flow.send(.moveDown).persisted.map(\.b1Selection) == [1])
        flow.send(.moveDown)
        #expect(flow.state.b1SelectedLabel == "Choice C")
        for _ in 0..<5 { flow.send(.moveDown) }
        #expect(flow.state.b1SelectedLabel == "Choice E")  // stops at the bottom
        #expect(flow.send(.moveDown).isEmpty)
        #expect(flow.send(.moveUp).persisted == [NavigationProgress(screen: .b1, experiment: .screenB1, b1Selection: 3)])
        #expect(flow.send(.toggle).isEmpty)  // Space means nothing on a wheel
        #expect(flow.state.acceptsMoves && !flow.state.acceptsToggle && flow.state.hasNextButton)
    }

    @Test func screenB2ChecksOneOptionAtATime() {
        let flow = FlowStore.fetched(.screenB2)
        #expect(flow.state.b2Cursor == 0 && flow.state.b2Checked == nil)
        #expect(flow.send(.moveDown).isEmpty)  // the cursor is not a selection: nothing persisted
        #expect(flow.send(.toggle).persisted.map(\.b2Checked) == [1])
        #expect(flow.state.b2CheckedLabel == "Option 2")
        flow.send(.moveDown)
        flow.send(.moveDown)
        flow.send(.toggle)
        #expect(flow.state.b2Checked == 3)  // exclusive: the other is unchecked
        #expect(flow.send(.toggle).persisted.map(\.b2Checked) == [nil])  // the checked one unchecks
        for _ in 0..<9 { flow.send(.moveDown) }
        #expect(flow.state.b2Cursor == 4)
        for _ in 0..<9 { flow.send(.moveUp) }
        #expect(flow.state.b2Cursor == 0)
        #expect(flow.state.acceptsMoves && flow.state.acceptsToggle)
    }

    @Test func screenB2NextWithoutACheckedOptionShowsAHint() {
        let flow = FlowStore.fetched(.screenB2)
        #expect(flow.send(.next).isEmpty)
        #expect(flow.state.hint == "Choose an option first")
        #expect(flow.state.screen == .b2)
        flow.send(.toggle)
        #expect(flow.state.hint == nil)
    }

    @Test func screenB1SubmitsItsSelectionAndMovesToC1OnSuccess() {
        let flow = FlowStore.fetched(.screenB1)
        flow.send(.moveDown)
        flow.send(.moveDown)
        flow.exhaustivity = .on
        let submission = Submission(screen: .b1, selection: "Choice C")
        // rLogin is still running: the submit goes without a session id instead of waiting.
        flow.send(.next, effects: [.submitSelection(submission, sessionID: nil)]) { $0.submitting = submission }
        #expect(flow.lastEffects.first?.id == .submitSelection)
        #expect(flow.state.isBusy && flow.state.screen == .b1)
        let onC1 = NavigationProgress(screen: .c1, experiment: .screenB1, b1Selection: 2, cameFrom: .b1)
        flow.receive(
            .submitFinished(submission, error: nil), for: .submitSelection(submission, sessionID: nil),
            effects: [.persist(onC1, revision: 4), .startTimer(.cMinimum, .seconds(3))]
        ) {
            $0.submitting = nil
            $0.cameFrom = .b1
            $0.screen = .c1
            $0.persistRevision = 4
        }
        #expect(FlowScreen.b1.requestName == "screenB1")
        flow.finish()
    }

    @Test func screenB2SubmitsTheCheckedOptionWithTheSessionIDAndMovesToC2() {
        let flow = FlowStore.fetched(.screenB2)
        flow.signIn("s-42")
        flow.send(.moveDown)
        flow.send(.toggle)
        let submission = Submission(screen: .b2, selection: "Option 2")
        #expect(flow.send(.next) == [.submitSelection(submission, sessionID: "s-42")])
        flow.send(.submitFinished(submission, error: nil))
        #expect(flow.state.screen == .c2 && flow.state.cameFrom == .b2)
        #expect(FlowScreen.b2.requestName == "screenB2")
    }

    @Test func rSubmitSelectionFailsAfterOneTryKeepsTheSelectionAndNextTriesAgain() {
        let flow = FlowStore.fetched(.screenB1)
        flow.send(.moveDown)
        flow.send(.next)
        let submission = Submission(screen: .b1, selection: "Choice B")
        #expect(flow.send(.submitFinished(submission, error: .http(status: 500, body: ""))).isEmpty)
        #expect(flow.state.screen == .b1)
        #expect(flow.state.submitError == .http(status: 500, body: ""))
        #expect(flow.state.screenError == .http(status: 500, body: ""))
        #expect(flow.state.b1SelectedLabel == "Choice B" && flow.state.submitting == nil)
        #expect(!flow.state.isBusy && flow.state.canRetry)
        #expect(flow.send(.next) == [.submitSelection(submission, sessionID: nil)])
        #expect(flow.state.submitError == nil)
        flow.send(.submitFinished(submission, error: .timedOut))
        // `r` works as well as Enter.
        #expect(flow.send(.retry) == [.submitSelection(submission, sessionID: nil)])
        flow.send(.submitFinished(submission, error: nil))
        #expect(flow.state.screen == .c1)
    }

    @Test func whileSubmittingNextAndMovesAreLocked() {
        let flow = FlowStore.fetched(.screenB2)
        flow.send(.toggle)
        flow.send(.next)
        #expect(!flow.state.acceptsMoves && !flow.state.acceptsToggle)
        for key in [NavigationEvent.next, .moveDown, .moveUp, .toggle, .retry, .back] {
            #expect(flow.send(key).isEmpty)
        }
        #expect(flow.state.b2Checked == 0 && flow.state.b2Cursor == 0)
    }

    @Test func aSubmitAnswerForAnotherSelectionIsIgnored() {
        let flow = FlowStore.fetched(.screenB1)
        flow.send(.next)
        #expect(flow.send(.submitFinished(Submission(screen: .b1, selection: "Choice E"), error: nil)).isEmpty)
        #expect(flow.state.screen == .b1 && flow.state.submitting != nil)
    }

    @Test func screenB3LeadsToC2ViaNextWithoutARequest() {
        let flow = FlowStore.fetched(.screenB3)
        #expect(!flow.state.acceptsMoves && flow.state.hasNextButton)
        #expect(flow.send(.moveDown).isEmpty && flow.send(.toggle).isEmpty && flow.send(.retry).isEmpty)
        flow.send(.next)
        #expect(flow.state.screen == .c2 && flow.state.cameFrom == .b3)
        #expect(flow.lastEffects.withoutPersist == [.startTimer(.cMinimum, .seconds(3))])
        #expect(flow.state.cTitle == nil && flow.state.cTextStretchesUp)
        #expect(!LoremIpsum.text.isEmpty)
    }
}
