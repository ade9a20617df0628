/// The three requests the screen makes; at most one of each is in flight.
public enum ProfileRequest: Hashable, Sendable, CaseIterable {
    case load
    case saveBasicInformation
    case changePassword

    /// The form the request belongs to (loading belongs to the whole screen).
    public var section: ProfileSection? {
        switch self {
        case .load: nil
        case .saveBasicInformation: .basicInformation
        case .changePassword: .password
        }
    }
}
