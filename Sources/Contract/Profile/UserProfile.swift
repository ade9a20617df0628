/// The profile as the server knows it (the challenge's `data` object).
public struct UserProfile: Hashable, Sendable, Codable {
    public var firstName: String
    public var userName: String
    public var lastName: String

    public init(firstName: String, userName: String, lastName: String) {
        self.firstName = firstName
        self.userName = userName
        self.lastName = lastName
    }

    /// The challenge's sample profile; the mock backend starts with it.
    public static let sample = UserProfile(firstName: "Johnny B", userName: "iOS User", lastName: "Goode")
}
