@testable import AppShell
import Testing

/// What the transcript says and when (Docs/screen-reader.md): the place once on arrival, a topic
/// when its sentence changes, the focus when it moves, never one line twice in a row.
@Suite(.timeLimit(.minutes(10))) struct TranscriptWriterTests {
    @Test func thePlaceIsSaidOnceOnArrivalAndTopicsOnlyWhenTheirSentenceChanges() {
        var writer = TranscriptWriter()
        var spoken = Spoken(place: "Screen A.", topics: [Spoken.Topic("sign-in", "Signing in.")], focus: "nothing")
        #expect(writer.lines(for: spoken, screen: 1) == ["Screen A.", "Signing in."])
        #expect(writer.lines(for: spoken, screen: 1) == [], "nothing changed: nothing said")
        spoken.topics = [Spoken.Topic("sign-in", "Signing in failed (Server error 500), retrying in 1 second.")]
        #expect(writer.lines(for: spoken, screen: 1) == ["Signing in failed (Server error 500), retrying in 1 second."])
        #expect(writer.lines(for: spoken, screen: 1) == [])
        spoken.topics = [Spoken.Topic("sign-in", "")]
        #expect(writer.lines(for: spoken, screen: 1) == [], "an empty sentence says nothing")
        spoken.topics = [Spoken.Topic("sign-in", "Signed in.")]
        #expect(writer.lines(for: spoken, screen: 1) == ["Signed in."])
    }

    @Test func anotherScreenOrPlaceIsAnArrivalAndAScreenComeBackToSaysItsTopicsAfresh() {
        var writer = TranscriptWriter()
        let launcher = Spoken(place: "The launcher.", topics: [Spoken.Topic("standings", "Articles: 60 stored.")])
        #expect(writer.lines(for: launcher, screen: 0) == ["The launcher.", "Articles: 60 stored."])
        #expect(writer.lines(for: Spoken(place: "Screen A."), screen: 1) == ["Screen A."])
        #expect(writer.lines(for: Spoken(place: "Screen B1."), screen: 1) == ["Screen B1."], "a new place on the same screen")
        #expect(writer.lines(for: launcher, screen: 0) == ["The launcher.", "Articles: 60 stored."], "back: said afresh")
    }

    @Test func aTopicSaidOnceForTheRunIsNotSaidAgainOnAnotherScreenOrBackOnThisOne() {
        var writer = TranscriptWriter()
        let request = Spoken.Topic("request 1", "GET /articles: 200 after 1 second, attempt 1.", once: true)
        #expect(writer.lines(for: Spoken(place: "The list.", topics: [request]), screen: 1)
                == ["The list.", "GET /articles: 200 after 1 second, attempt 1."])
        #expect(writer.lines(for: Spoken(place: "The launcher.", topics: [request]), screen: 0) == ["The launcher."])
        #expect(writer.lines(for: Spoken(place: "The list.", topics: [request]), screen: 1) == ["The list."])
    }

    @Test func theFocusIsSaidWhenItMovesNotOnArrivalAndNotAsItsFieldIsTyped() {
        var writer = TranscriptWriter()
        var spoken = Spoken(place: "B1.", focus: "Choice A, 1 of 5")
        #expect(writer.lines(for: spoken, screen: 1) == ["B1."])
        spoken.focus = "Choice B, 2 of 5"
        #expect(writer.lines(for: spoken, screen: 1) == ["Choice B, 2 of 5"])
        var form = Spoken(place: "The profile.", focus: "First Name, now J.", focusID: "first")
        #expect(writer.lines(for: form, screen: 2) == ["The profile."])
        form.focus = "First Name, now Ji."
        #expect(writer.lines(for: form, screen: 2) == [], "typing does not move the focus")
        form.focus = "Last Name, now Goode."
        form.focusID = "last"
        #expect(writer.lines(for: form, screen: 2) == ["Last Name, now Goode."])
    }

    @Test func noLineIsSaidTwiceInARowAndAPlaceOfSeveralLinesIsWrittenWithoutBlankOnes() {
        var writer = TranscriptWriter()
        let spoken = Spoken(place: "Help. Esc closes it.\n\nKeys:\nq: quit.", topics: [Spoken.Topic("toast", "q: quit.")])
        #expect(writer.lines(for: spoken, screen: 0) == ["Help. Esc closes it.", "Keys:", "q: quit."])
    }

    @Test func aNumberChoosesByTheMovesAndTheConfirmingKeyOfTheFullScreen() {
        let choices = Spoken.Choices(count: 5, selected: 2)
        #expect(choices.keys(choosing: 4) == [.down, .down, .enter])
        #expect(choices.keys(choosing: 1) == [.up, .enter])
        #expect(choices.keys(choosing: 2) == [.enter])
        #expect(choices.keys(choosing: 6) == nil && choices.keys(choosing: 0) == nil)
        #expect(Spoken.Choices(count: 3, selected: 1, confirm: .char(" ")).keys(choosing: 3) == [.down, .down, .char(" ")])
        #expect(Spoken.Choices(count: 3, selected: 3, confirm: nil).keys(choosing: 1) == [.up, .up])
    }

    @Test func wordsForKeysDurationsAndSentences() {
        #expect(Spoken.keyNames("↑↓ move · ←→ outcome · ↑ up") == "Up and Down move, Left and Right outcome, Up up")
        #expect(Spoken.duration(.seconds(1)) == "1 second" && Spoken.duration(.milliseconds(4000)) == "4 seconds")
        #expect(Spoken.duration(.milliseconds(1500)) == "1.5 seconds" && Spoken.duration(.milliseconds(250)) == "250 milliseconds")
        #expect(Spoken.sentence("Saved") == "Saved." && Spoken.sentence("Loading…") == "Loading…" && Spoken.sentence("Why?") == "Why?")
        #expect(Spoken.numbered(["A", "B"]) == "1 A, 2 B")
        #expect(Spoken.count(1, "option") == "1 option" && Spoken.count(5, "option") == "5 options")
    }
}
