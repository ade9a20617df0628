import AppShell
import Contract
import Core
import Profile
import TUI

/// How the timeline (`t`) names the profile's events: a password field's edit never says what
/// was typed. Docs/recording.md.
extension ProfileFeature {
    package func timelineName(of event: Event, at now: Duration) -> String {
        switch event {
        case .edit(let field, let key):
            // A password's keys are never named; other fields' are (a letter, Backspace).
            return field.isSecret ? "typing in \(Self.words(for: field))" : "typing in \(Self.words(for: field)): \(key.description)"
        case .focus(.outside):
            return "out of the fields"
        case .focus(.back):
            return "focus: Back"
        case .focus(.field(let field)):
            return "focus: \(Self.words(for: field))"
        case .focus(.save(let section)):
            return "focus: \(Self.words(for: section)) button"
        case .domain(let event):
            return Self.timelineWords(event)
        }
    }

    private static func timelineWords(_ event: ProfileEvent) -> String {
        switch event {
        case .appeared: "form shown"
        case .retryLoad: "load again"
        case .edit(let field, _): "\(Self.words(for: field)) changed"
        case .saveBasicInformation: "save basic information"
        case .changePassword: "change password"
        case .left: "form left"
        case .loaded(let result): "profile answer: \(answer(result))"
        case .basicInformationSaved(let result): "save answer: \(answer(result))"
        case .passwordChanged(let result): "password answer: \(answer(result))"
        }
    }

    /// "New password", "Re-enter password": the field's label, in sentence case.
    private static func words(for field: ProfileField) -> String {
        let label = field.label
        return label.prefix(1) + label.dropFirst().lowercased()
    }

    /// "Basic information", "Password".
    private static func words(for section: ProfileSection) -> String {
        let title = section.title
        return title.prefix(1) + title.dropFirst().lowercased()
    }
}
