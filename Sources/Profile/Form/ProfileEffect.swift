import Contract
import Core

/// The requests the reducer asks for; `ProfileRuntime` performs them.
public enum ProfileEffect: RunnableEffect, Equatable {
    case fetchProfile
    /// Names already trimmed and validated.
    case updateProfile(firstName: String, lastName: String)
    case changePassword(current: Secret, new: Secret, confirmation: Secret)
    /// Leaving the screen: stops every request still running (their answers are dropped).
    case cancelRequests

    /// Its id, typed: effects with the same one replace each other.
    public var id: ProfileEffectID? {
        switch self {
        case .fetchProfile: .fetch
        case .updateProfile: .update
        case .changePassword: .password
        case .cancelRequests: nil
        }
    }

    public var cancels: [ProfileEffectID] {
        if case .cancelRequests = self { return ProfileEffectID.allCases }
        return []
    }
}

/// The ids of the profile's requests, as the effect runner keys them.
public enum ProfileEffectID: String, Hashable, Sendable, CaseIterable {
    case fetch = "profile.fetch"
    case update = "profile.update"
    case password = "profile.password"
}
