import Contract

/// Everything the profile screen shows, as a value. Only `reduce(_:)` changes it; what the screen
/// draws is here or in a computed property below.
public struct ProfileState: Equatable, Sendable {
    public enum LoadStatus: Hashable, Sendable {
        /// Nothing asked yet (before `appeared`, and after `left`).
        case idle
        case loading
        case loaded
        /// Why; `r` retries.
        case failed(ProfileFailure)
    }

    /// A section's message under its SAVE CHANGES button.
    public struct Notice: Hashable, Sendable {
        public enum Tone: Hashable, Sendable { case success, info, error }
        public var tone: Tone
        public var text: String

        public init(_ tone: Tone, _ text: String) {
            self.tone = tone
            self.text = text
        }
    }

    /// How the last action ended (for the screen's status line, the inspector and tests).
    public enum Outcome: Hashable, Sendable {
        case loaded
        case loadFailed(ProfileFailure)
        case saved(ProfileSection)
        case failed(ProfileSection, ProfileFailure)
        /// Submitted with nothing changed; no request was made.
        case nothingToSave(ProfileSection)
        /// Submitted with invalid fields; no request was made.
        case invalid(ProfileSection)
    }

    public internal(set) var loadStatus: LoadStatus = .idle
    /// The profile as last loaded or saved: the baseline that edits are compared with.
    public internal(set) var profile: UserProfile?
    /// The name fields as typed (untrimmed).
    public internal(set) var firstName = ""
    public internal(set) var lastName = ""
    public internal(set) var currentPassword = Secret.empty
    public internal(set) var newPassword = Secret.empty
    public internal(set) var passwordConfirmation = Secret.empty
    /// One message per field at most, shown under the field.
    public internal(set) var errors: [ProfileField: String] = [:]
    public internal(set) var messages: [ProfileSection: Notice] = [:]
    public internal(set) var inFlight: Set<ProfileRequest> = []
    public internal(set) var lastOutcome: Outcome?
    /// The answers come from the mock backend, whose failures its scenario injects: advice about
    /// the token or the server's address would send the person the wrong way.
    public let failuresAreInjected: Bool

    public init(failuresAreInjected: Bool = false) {
        self.failuresAreInjected = failuresAreInjected
    }
}

// MARK: - What the screen reads

extension ProfileState {
    /// The read-only Username row.
    public var userName: String { profile?.userName ?? "" }

    public var isLoading: Bool { inFlight.contains(.load) }

    /// Something is in flight: the spinner turns.
    public var isBusy: Bool { !inFlight.isEmpty }

    public func isSaving(_ section: ProfileSection) -> Bool {
        switch section {
        case .basicInformation: inFlight.contains(.saveBasicInformation)
        case .password: inFlight.contains(.changePassword)
        }
    }

    /// The form is shown only once the profile is loaded.
    public var showsForm: Bool { loadStatus == .loaded }

    /// What to show instead of the form: "Loading profile…", or why loading failed.
    public var loadMessage: String? {
        switch loadStatus {
        case .idle, .loaded: nil
        case .loading: ProfileCopy.loading
        case .failed(let failure): failure.message(for: .load)
        }
    }

    /// Under a failed load's message: what would help (`Wording.retryHint`, or the token).
    public var loadAdvice: String? {
        if case .failed(let failure) = loadStatus { return failure.advice(for: .load, injected: failuresAreInjected) }
        return nil
    }

    /// `r` does something only after a failed load, and not after a real server refused the token:
    /// the same request would get the same answer, and the advice says what would help instead
    /// (an injected refusal may answer differently next time).
    public var canRetryLoad: Bool {
        guard case .failed(let failure) = loadStatus else { return false }
        if failure == .tokenRefused && !failuresAreInjected { return false }
        return !isLoading
    }

    /// A field takes input once loaded, except while its own section is being saved (what is
    /// being sent stays what is on screen).
    public func isEditable(_ field: ProfileField) -> Bool {
        showsForm && !isSaving(field.section)
    }

    /// Whether the section's edits differ from what the server has. Names compare trimmed, as
    /// they would be sent; the password section is dirty as soon as anything is typed in it.
    public func isDirty(_ section: ProfileSection) -> Bool {
        switch section {
        case .basicInformation:
            guard let profile else { return false }
            return ProfileValidation.trimmed(firstName) != profile.firstName
                || ProfileValidation.trimmed(lastName) != profile.lastName
        case .password:
            return !currentPassword.isEmpty || !newPassword.isEmpty || !passwordConfirmation.isEmpty
        }
    }

    /// Leaving now would lose edits: the screen asks before discarding them.
    public var hasUnsavedChanges: Bool { isDirty(.basicInformation) || isDirty(.password) }

    /// The text a field shows: names as typed, passwords as one `•` per character.
    public func displayText(of field: ProfileField) -> String {
        switch field {
        case .firstName: firstName
        case .lastName: lastName
        case .currentPassword, .newPassword, .passwordConfirmation: secret(field).masked
        }
    }

    /// The length in characters of what a field holds (where the screen puts the cursor).
    public func length(of field: ProfileField) -> Int {
        switch field {
        case .firstName: firstName.count
        case .lastName: lastName.count
        case .currentPassword, .newPassword, .passwordConfirmation: secret(field).count
        }
    }

    public func error(for field: ProfileField) -> String? { errors[field] }

    public func message(for section: ProfileSection) -> Notice? { messages[section] }

    /// A password field's value (the screen edits it through `revealed`); `.empty` for the names.
    public func secret(_ field: ProfileField) -> Secret {
        switch field {
        case .currentPassword: currentPassword
        case .newPassword: newPassword
        case .passwordConfirmation: passwordConfirmation
        case .firstName, .lastName: .empty
        }
    }
}
