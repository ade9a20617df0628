/// Which screen each challenge opens. A challenge not built yet returns nil, and the launcher
/// says so instead of pretending.
enum ChallengeScreens {
    static func make(_ environment: AppEnvironment) -> (ChallengeID) -> (any Screen)? {
        { id in
            switch id {
            case .articles:
                return ArticlesScreen(environment: environment)
            case .profile:
                return ProfileScreen(environment: environment)
            case .navigation:
                return nil
            }
        }
    }
}
