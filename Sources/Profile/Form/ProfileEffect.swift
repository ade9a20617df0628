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
    public var effectID: ProfileEffectID? {
        switch self {
        case .fetchProfile: .fetch
        case .updateProfile: .update
        case .changePassword: .password
        case .cancelRequests: nil
        }
    }

    public var id: String? { effectID?.rawValue }

    public var cancels: [String] {
        if case .cancelRequests = self { return ProfileEffectID.allCases.map(\.rawValue) }
        return []
    }
}

/// The ids of the profile's requests; `rawValue` is what the effect runner keys them by.
public enum ProfileEffectID: String, Hashable, Sendable, CaseIterable {
    case fetch = "profile.fetch"
    case update = "profile.update"
    case password = "profile.password"
}
