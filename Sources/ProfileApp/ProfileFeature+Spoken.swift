import AppShell
import Contract
import Core
import Profile

/// The profile in the screen-reader mode (Docs/screen-reader.md): the form by line, each stop
/// said as the focus reaches it with the field's value now (a password only by its length: it
/// is never echoed), each error with its field, and the load and saves once per change.
extension ProfileFeature {
    package func spoken(at now: Duration) -> Spoken {
        guard state.showsForm else {
            return Spoken(place: "The user profile.", topics: [Spoken.Topic("load", loadSentence)])
        }
        let place = "The user profile of \(state.userName): first and last name, then a password change. "
            + "Tab goes to the next field or button, Shift-Tab back; in a field, type, then Enter for the next. "
            + "Esc leaves a field; q leaves the challenge."
        var topics = [Spoken.Topic("load", loadSentence)]
        for field in ProfileField.allCases {
            topics.append(Spoken.Topic("error \(field)", state.error(for: field).map { "\(field.label): \(Spoken.sentence($0))" } ?? ""))
        }
        for section in ProfileSection.allCases {
            let saving = state.isSaving(section) ? "Saving the \(Self.name(of: section))." : ""
            let message = state.message(for: section).map { "\(Self.name(of: section).capitalizedFirst): \(Spoken.sentence($0.text))" }
            topics.append(Spoken.Topic("section \(section)", saving.isEmpty ? message ?? "" : saving))
        }
        return Spoken(place: place, topics: topics, focus: focusSentence, focusID: "\(focus)")
    }

    /// The stop the focus is on, as it is reached.
    private var focusSentence: String? {
        switch focus {
        case .outside: return "Tab starts with First Name."
        case .back: return "Back to the dashboard, a button: Enter leaves the challenge."
        case .save(let section): return "Save the \(Self.name(of: section)), a button: Enter saves."
        case .field(let field):
            if field.isSecret {
                let typed = state.length(of: field)
                let now = typed == 0 ? "empty" : "\(Spoken.count(typed, "character")) typed"
                return "\(field.label), \(now). Type it (it is not shown), then Enter."
            }
            let value = state.displayText(of: field)
            return "\(field.label), now \(value.isEmpty ? "empty" : value). Type to add to it, Ctrl-U clears it, then Enter."
        }
    }

    private var loadSentence: String {
        switch state.loadStatus {
        case .idle, .loaded: return ""
        case .loading: return "Loading the profile."
        case .failed: return [state.loadMessage, state.loadAdvice].compactMap { $0.map(Spoken.sentence) }.joined(separator: " ")
        }
    }

    private static func name(of section: ProfileSection) -> String {
        switch section {
        case .basicInformation: "basic information"
        case .password: "password"
        }
    }
}

extension String {
    /// The text with its first letter a capital.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
