import AppShell
import Core
import Navigation

/// The flow in the screen-reader mode (Docs/screen-reader.md): each screen says where you are
/// and what you can do on arrival; the sign-in, the fetch and the submit say each change of
/// meaning once ("Signing in failed (Server error 500), retrying in 4 seconds", "Retrying now:
/// sign-in attempt 2", "Signed in"), never a countdown.
extension NavigationFeature {
    package func spoken(at now: Duration) -> Spoken {
        guard !state.isLoadingProgress else { return Spoken(place: "The navigation flow, starting.") }
        var spoken = Spoken(place: place)
        switch state.screen {
        case .b1:
            let index = state.b1Selection
            spoken.focus = "\(state.b1SelectedLabel), \(index + 1) of \(Choices.b1.count)"
            spoken.choices = Spoken.Choices(count: Choices.b1.count, selected: index + 1)
        case .b2:
            let index = state.b2Cursor
            let label = Choices.b2.indices.contains(index) ? Choices.b2[index] : ""
            spoken.focus = "\(label), \(index + 1) of \(Choices.b2.count)" + (state.b2Checked == index ? ", checked" : "")
            // Said when the cursor moves; checking is said by its own topic.
            spoken.focusID = "\(index)"
            spoken.choices = Spoken.Choices(count: Choices.b2.count, selected: index + 1, confirm: .char(" "))
            spoken.topics.append(Spoken.Topic("checked", state.b2CheckedLabel.map { "\($0) is checked." } ?? ""))
        default:
            break
        }
        spoken.topics += [
            Spoken.Topic("sign-in", Self.spoken(state.login)),
            Spoken.Topic("experiment", experimentSentence),
            Spoken.Topic("submit", submitSentence),
            Spoken.Topic("hint", state.hint.map(Spoken.sentence) ?? ""),
            Spoken.Topic("storage", state.storageMessage.map { Spoken.sentence("Progress is not saved: " + $0) } ?? ""),
        ]
        return spoken
    }

    /// Where you are and what you can do.
    private var place: String {
        let title = "\(state.screen.title) of the navigation flow"
        switch state.screen {
        case .a:
            return "\(title). It fetches the experiment, which decides the next screen. q leaves the challenge."
        case .b1:
            return "\(title). Choose one of \(Spoken.count(Choices.b1.count, "choice")): \(Spoken.numbered(Choices.b1)). "
                + "Type a number and Enter to choose it and go on; or Up and Down to move, then Enter for Next."
        case .b2:
            return "\(title). Check one of \(Spoken.count(Choices.b2.count, "option")): \(Spoken.numbered(Choices.b2)). "
                + "Type a number and Enter to check it, then Enter for Next; or Up and Down to move and Space to check."
        case .b3:
            return "\(title). It asks nothing: its text field holds lorem ipsum text. Enter for Next."
        case .c1, .c2:
            let choice = state.cTitle.map { "Your choice: \($0)." } ?? "No choice was made on the way here."
            let back = state.canGoBack ? "Esc goes back to screen \(state.cameFrom?.rawValue ?? "B")." : "It has no back button."
            return "\(title). \(choice) It stays at least 3 seconds and goes on to screen D once signed in. \(back)"
        case .d:
            return "\(title), the end. It has no back button: q leaves the challenge."
        }
    }

    /// rLogin's state, once per change of meaning.
    static func spoken(_ login: LoginState) -> String {
        switch login {
        case .idle: ""
        case .signingIn(let attempt): attempt == 1 ? "Signing in." : "Retrying now: sign-in attempt \(attempt)."
        case .failed(_, let error, let delay, _): "Signing in failed (\(error.message)), retrying in \(Spoken.duration(delay))."
        case .signedIn: "Signed in."
        case .gaveUp(let attempts, let error):
            "Signing in gave up after \(Spoken.count(attempts, "attempt")) (\(error.message)). \(Wording.retryHint)."
        }
    }

    private var experimentSentence: String {
        if state.isFetchingExperiments { return "Fetching the experiment." }
        if let error = state.fetchError { return "Fetching the experiment failed (\(error.message)). \(Wording.retryHint)." }
        return ""
    }

    private var submitSentence: String {
        if state.submitting != nil { return "Sending your choice." }
        if let error = state.submitError { return "Sending your choice failed (\(error.message)). Enter or r tries again." }
        return ""
    }
}
