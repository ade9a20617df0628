import Contract
import Core
@testable import Profile

/// A state with the sample profile loaded, as after `appeared` and a successful fetch.
func loadedState(_ profile: UserProfile = .sample) -> ProfileState {
    var state = ProfileState()
    _ = state.reduce(.appeared)
    _ = state.reduce(.loaded(.success(profile)))
    return state
}

/// An HTTP error whose body is the contract's envelope.
func envelopeError(_ status: Int, code: String, message: String) -> APIError {
    ProfileRejection(status: status, code: code, message: message).apiError
}

extension ProfileState {
    /// Sends several events and returns the effects of the last one.
    @discardableResult
    mutating func send(_ events: ProfileEvent...) -> [ProfileEffect] {
        var effects: [ProfileEffect] = []
        for event in events { effects = reduce(event) }
        return effects
    }

    /// Types a valid password change into a loaded state.
    mutating func typePasswords(current: String = "password123", new: String = "correct horse", confirmation: String? = nil) {
        send(.edit(.currentPassword, current), .edit(.newPassword, new), .edit(.passwordConfirmation, confirmation ?? new))
    }
}
