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

/// A form with the sample profile loaded, as after `appeared` and a successful fetch. Unless
/// asked, only what a test asserts is checked (`exhaustivity` off): most of these tests are
/// about a field or a message.
func loadedForm(
    _ profile: UserProfile = .sample, exhaustivity: Exhaustivity = .off
) -> TestStore<ProfileState, ProfileEvent, ProfileEffect> {
    let form = profileStore(exhaustivity: .off)
    form.send(.appeared)
    form.send(.loaded(.success(profile)))
    form.exhaustivity = exhaustivity
    return form
}

/// An HTTP error whose body is the contract's envelope.
func envelopeError(_ status: Int, code: String, message: String) -> APIError {
    ProfileRejection(status: status, code: code, message: message).apiError
}

extension TestStore<ProfileState, ProfileEvent, ProfileEffect> {
    /// Sends several events and returns the effects of the last one.
    @discardableResult
    func sendAll(_ events: ProfileEvent...) -> [ProfileEffect] {
        var effects: [ProfileEffect] = []
        for event in events { effects = send(event) }
        return effects
    }

    /// Types a valid password change into a loaded form.
    func typePasswords(current: String = "password123", new: String = "correct horse", confirmation: String? = nil) {
        sendAll(.edit(.currentPassword, current), .edit(.newPassword, new), .edit(.passwordConfirmation, confirmation ?? new))
    }
}
