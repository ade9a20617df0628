/// Which screen each challenge opens. A challenge not built yet returns nil, and the launcher
/// says so instead of pretending.
enum ChallengeScreens {
    static func make(_ environment: AppEnvironment) -> (ChallengeID) -> (any Screen)? {
        { id in
            switch id {
            case .navigation:
                return NavigationFlowScreen(environment: environment)
            case .articles, .profile:
                return nil
            }
        }
    }
}
