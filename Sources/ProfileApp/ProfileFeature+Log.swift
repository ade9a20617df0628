import AppShell
import Contract
import Core
import Profile
import TUI

/// What `--log` keeps of the profile: the load and each section's saves, with what the screen
/// said of a failure (Docs/configuration.md, "Logging"). Never a value typed: no name, no
/// password; a field's error is a rule's words.
extension ProfileFeature {
    package static var logName: String { "profile" }

    package var logTopics: [(topic: String, text: String)] {
        [
            ("load", loadText),
            ("basic information", text(for: .basicInformation)),
            ("password", text(for: .password)),
        ]
    }

    private var loadText: String {
        switch state.loadStatus {
        case .idle: ""
        case .loading: "loading…"
        case .loaded: "loaded"
        case .failed(let failure): "failed: \(failure.sentence(for: .load, injected: state.failuresAreInjected))"
        }
    }

    private func text(for section: ProfileSection) -> String {
        if state.isSaving(section) { return "saving…" }
        switch state.lastOutcome {
        case .saved(section): return "saved"
        case .nothingToSave(section): return "nothing to save"
        case .invalid(section): return "not sent: " + fieldErrors(section)
        case .failed(section, .field(let field, let message)): return "refused: \(field.label): \(message)"
        case .failed(section, let failure): return "failed: \(failure.sentence(for: section.request, injected: state.failuresAreInjected))"
        default: return ""
        }
    }

    private func fieldErrors(_ section: ProfileSection) -> String {
        section.fields.compactMap { field in state.error(for: field).map { "\(field.label): \($0)" } }.joined(separator: "; ")
    }
}

extension ProfileSection {
    /// The request its SAVE CHANGES sends.
    package var request: ProfileRequest {
        switch self {
        case .basicInformation: .saveBasicInformation
        case .password: .changePassword
        }
    }
}
