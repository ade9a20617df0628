import Contract
import Core

extension ProfileState {
    /// The one place the state changes. Pure: no I/O, no clock; requests are returned as effects.
    public mutating func reduce(_ event: ProfileEvent) -> [ProfileEffect] {
        switch event {
        case .appeared:
            return startLoading()
        case .retryLoad:
            return canRetryLoad ? startLoading() : []
        case .edit(let field, let text):
            edit(field, text)
            return []
        case .saveBasicInformation:
            return saveBasicInformation()
        case .changePassword:
            return changePassword()
        case .left:
            self = ProfileState(failuresAreInjected: failuresAreInjected)
            return [.cancelRequests]
        case .loaded(let result):
            finishLoading(result)
            return []
        case .basicInformationSaved(let result):
            finishSavingBasicInformation(result)
            return []
        case .passwordChanged(let result):
            finishChangingPassword(result)
            return []
        }
    }

    // MARK: Loading

    /// Loads when nothing is loaded: on the first `appeared`, after `left`, or to retry a failure.
    /// While loaded or loading it does nothing (a repeated `appeared` keeps the edits).
    private mutating func startLoading() -> [ProfileEffect] {
        switch loadStatus {
        case .loading, .loaded: return []
        case .idle, .failed: break
        }
        loadStatus = .loading
        inFlight.insert(.load)
        return [.fetchProfile]
    }

    private mutating func finishLoading(_ result: Result<UserProfile, APIError>) {
        // An answer nobody waits for (stale, or after leaving) changes nothing.
        guard inFlight.remove(.load) != nil else { return }
        switch result {
        case .success(let loaded):
            profile = loaded
            firstName = loaded.firstName
            lastName = loaded.lastName
            loadStatus = .loaded
            lastOutcome = .loaded
        case .failure(let error):
            let failure = ProfileFailure(error, request: .load)
            loadStatus = failure == .cancelled ? .idle : .failed(failure)
            lastOutcome = .loadFailed(failure)
        }
    }

    // MARK: Editing

    private mutating func edit(_ field: ProfileField, _ text: String) {
        guard isEditable(field) else { return }
        switch field {
        case .firstName: firstName = text
        case .lastName: lastName = text
        case .currentPassword: currentPassword = Secret(text)
        case .newPassword: newPassword = Secret(text)
        case .passwordConfirmation: passwordConfirmation = Secret(text)
        }
        // The person is fixing it: the old verdicts no longer apply.
        errors[field] = nil
        messages[field.section] = nil
    }

    private mutating func clearFeedback(_ section: ProfileSection) {
        for field in section.fields { errors[field] = nil }
        messages[section] = nil
    }

    // MARK: Basic information

    private mutating func saveBasicInformation() -> [ProfileEffect] {
        guard showsForm, !isSaving(.basicInformation) else { return [] }
        clearFeedback(.basicInformation)
        guard isDirty(.basicInformation) else {
            messages[.basicInformation] = Notice(.info, ProfileCopy.noChanges)
            lastOutcome = .nothingToSave(.basicInformation)
            return []
        }
        let invalid = ProfileValidation.validateNames(firstName: firstName, lastName: lastName)
        guard invalid.isEmpty else {
            errors.merge(invalid) { _, new in new }
            lastOutcome = .invalid(.basicInformation)
            return []
        }
        inFlight.insert(.saveBasicInformation)
        return [.updateProfile(
            firstName: ProfileValidation.trimmed(firstName), lastName: ProfileValidation.trimmed(lastName))]
    }

    private mutating func finishSavingBasicInformation(_ result: Result<UserProfile, APIError>) {
        guard inFlight.remove(.saveBasicInformation) != nil else { return }
        switch result {
        case .success(let saved):
            // The saved profile is the new baseline; the fields show what the server kept.
            profile = saved
            firstName = saved.firstName
            lastName = saved.lastName
            messages[.basicInformation] = Notice(.success, ProfileCopy.profileSaved)
            lastOutcome = .saved(.basicInformation)
        case .failure(let error):
            show(ProfileFailure(error, request: .saveBasicInformation), of: .saveBasicInformation)
        }
    }

    // MARK: Password

    private mutating func changePassword() -> [ProfileEffect] {
        guard showsForm, !isSaving(.password) else { return [] }
        clearFeedback(.password)
        guard isDirty(.password) else {
            messages[.password] = Notice(.info, ProfileCopy.noChanges)
            lastOutcome = .nothingToSave(.password)
            return []
        }
        let invalid = ProfileValidation.validatePasswordChange(
            current: currentPassword, new: newPassword, confirmation: passwordConfirmation)
        guard invalid.isEmpty else {
            errors.merge(invalid) { _, new in new }
            lastOutcome = .invalid(.password)
            return []
        }
        inFlight.insert(.changePassword)
        return [.changePassword(current: currentPassword, new: newPassword, confirmation: passwordConfirmation)]
    }

    private mutating func finishChangingPassword(_ result: Result<Acknowledgement, APIError>) {
        guard inFlight.remove(.changePassword) != nil else { return }
        switch result {
        case .success:
            // Used once, then gone from memory and screen.
            clearPasswords()
            messages[.password] = Notice(.success, ProfileCopy.passwordChanged)
            lastOutcome = .saved(.password)
        case .failure(let error):
            // The fields stay so the person can correct the one the error names.
            show(ProfileFailure(error, request: .changePassword), of: .changePassword)
        }
    }

    private mutating func clearPasswords() {
        currentPassword = .empty
        newPassword = .empty
        passwordConfirmation = .empty
    }

    // MARK: Failures

    private mutating func show(_ failure: ProfileFailure, of request: ProfileRequest) {
        guard let section = request.section else { return }
        switch failure {
        case .cancelled:
            return
        case .field(let field, let message):
            errors[field] = message
        case .tokenRefused, .unreachable, .serverFailed, .unexpectedResponse, .rejected:
            messages[section] = Notice(.error, failure.sentence(for: request, injected: failuresAreInjected))
        }
        lastOutcome = .failed(section, failure)
    }
}
