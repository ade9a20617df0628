import Contract
import Core
import ReducerTesting
import Testing
@testable import Profile

/// The profile's reducer in a `TestStore`; with `api`, its effects run through `ProfileRuntime`.
func profileStore(
    _ state: ProfileState = ProfileState(), exhaustivity: Exhaustivity = .on, api: (any ProfileAPI)? = nil
) -> TestStore<ProfileState, ProfileEvent, ProfileEffect> {
    let reduce: TestStore<ProfileState, ProfileEvent, ProfileEffect>.Reduce = { state, event, _ in state.reduce(event) }
    let store = if let api {
        TestStore(initialState: state, perform: ProfileRuntime(api: api).perform, reduce: reduce)
    } else {
        TestStore(initialState: state, reduce: reduce)
    }
    store.exhaustivity = exhaustivity
    return store
}

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
