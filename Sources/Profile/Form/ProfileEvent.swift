import Contract
import Core

/// What a password change answers when it works: nothing but "done".
public struct Acknowledgement: Hashable, Sendable {
    public init() {}
}

/// Everything that can happen to the profile screen: the person's actions and the answers of
/// the requests the reducer asked for.
public enum ProfileEvent: Equatable, Sendable {
    /// The screen is shown: loads the profile unless it is loaded or loading.
    case appeared
    /// `r` after a failed load.
    case retryLoad
    /// The whole new text of a field (the screen owns the cursor).
    case edit(ProfileField, String)
    /// SAVE CHANGES of BASIC INFORMATION.
    case saveBasicInformation
    /// SAVE CHANGES of PASSWORD.
    case changePassword
    /// The person left the screen (after confirming that unsaved edits may go): everything is
    /// discarded, requests in flight are cancelled, and the next `appeared` loads afresh.
    case left

    case loaded(Result<UserProfile, APIError>)
    case basicInformationSaved(Result<UserProfile, APIError>)
    case passwordChanged(Result<Acknowledgement, APIError>)
}

// An edit of a password field carries the password as typed; these keep it out of logs.
extension ProfileEvent: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        switch self {
        case .appeared: "appeared"
        case .retryLoad: "retryLoad"
        case .edit(let field, let text): "edit(\(field), \(field.isSecret ? Secret(text).description : String(reflecting: text)))"
        case .saveBasicInformation: "saveBasicInformation"
        case .changePassword: "changePassword"
        case .left: "left"
        case .loaded(let result): "loaded(\(result))"
        case .basicInformationSaved(let result): "basicInformationSaved(\(result))"
        case .passwordChanged(let result): "passwordChanged(\(result))"
        }
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .enum) }
}
