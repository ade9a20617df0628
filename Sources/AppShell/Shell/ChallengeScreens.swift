/// Which screen each challenge opens.
enum ChallengeScreens {
    static func make(_ environment: AppEnvironment) -> (ChallengeID) -> (any Screen)? {
        { id in
            switch id {
            case .navigation: NavigationFlowScreen(environment: environment)
            case .articles: ArticlesScreen(environment: environment)
            case .profile: ProfileScreen(environment: environment)
            }
        }
    }
}
