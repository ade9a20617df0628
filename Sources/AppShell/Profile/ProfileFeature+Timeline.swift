import Contract
import Core
import Profile

/// How the timeline (`t`) names the profile's events: a password field's edit never says what
/// was typed. Docs/recording.md.
extension ProfileFeature {
    func timelineName(of event: Event, at now: Duration) -> String {
        switch event {
        case .edit(let field, let key):
            // A password's keys are never named; other fields' are (a letter, Backspace).
            return field.isSecret ? "typing in \(TimelineWords.field(field))" : "typing in \(TimelineWords.field(field)): \(key.description)"
        case .focus(.back):
            return "focus: Back"
        case .focus(.field(let field)):
            return "focus: \(TimelineWords.field(field))"
        case .focus(.save(let section)):
            return "focus: \(TimelineWords.section(section)) button"
        case .domain(let event):
            return Self.timelineWords(event)
        }
    }

    private static func timelineWords(_ event: ProfileEvent) -> String {
        switch event {
        case .appeared: "form shown"
        case .retryLoad: "load again"
        case .edit(let field, _): "\(TimelineWords.field(field)) changed"
        case .saveBasicInformation: "save basic information"
        case .changePassword: "change password"
        case .left: "form left"
        case .loaded(let result): "profile answer: \(answer(result))"
        case .basicInformationSaved(let result): "save answer: \(answer(result))"
        case .passwordChanged(let result): "password answer: \(answer(result))"
        }
    }
}
