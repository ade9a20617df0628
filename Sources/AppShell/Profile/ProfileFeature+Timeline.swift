import Contract
import Core
import Profile

/// How the timeline (`t`) names the profile's events: a password field's edit never says what
/// was typed. Docs/recording.md.
extension ProfileFeature {
    func timelineName(of event: Event, at now: Duration) -> String {
        switch event {
        case .edit(let field, let key):
            return field.isSecret ? "edit \(field.rawValue)" : "edit \(field.rawValue): \(key)"
        case .focus(let focus):
            return "focus \(focus)"
        case .domain(.loaded(let result)):
            return "profile answer: \(Self.answer(result))"
        case .domain(.basicInformationSaved(let result)):
            return "save answer: \(Self.answer(result))"
        case .domain(.passwordChanged(let result)):
            return "password answer: \(Self.answer(result))"
        case .domain(let event):
            return Self.caseName(of: event)
        }
    }
}
