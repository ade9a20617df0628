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

    public static let fetchID = "profile.fetch"
    public static let updateID = "profile.update"
    public static let passwordID = "profile.password"

    public var id: String? {
        switch self {
        case .fetchProfile: Self.fetchID
        case .updateProfile: Self.updateID
        case .changePassword: Self.passwordID
        case .cancelRequests: nil
        }
    }

    public var cancels: [String] {
        if case .cancelRequests = self { return [Self.fetchID, Self.updateID, Self.passwordID] }
        return []
    }
}
