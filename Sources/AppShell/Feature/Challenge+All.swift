/// The challenges the launcher offers, in its order. Adding a challenge adds one line here (see
/// Docs/architecture.md, "Adding a challenge").
extension Challenge {
    public static let all: [Challenge] = [.navigation, .articles, .profile]
}
