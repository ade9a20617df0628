@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
@testable import NavigationApp
@testable import ProfileApp
import Testing

/// What a challenge makes from the environment once (its backend) is declared by its
/// registration, and the environment holds one value per declared key (Docs/architecture.md,
/// "Adding a challenge").
@Suite(.timeLimit(.minutes(10))) struct DependenciesTests {
    @Test func eachChallengeDeclaresTheBackendsItReads() {
        let declared = Challenge.all.map { challenge in (challenge.id, challenge.dependencies.map { String(describing: $0) }) }
        #expect(declared.map(\.0) == [.navigation, .articles, .profile])
        #expect(declared.map(\.1) == [["NavigationAPIKey"], ["ArticlesAPIKey", "ArticlePicturesKey"], ["ProfileAPIKey"]])
    }

    @Test func aDeclaredBackendIsMadeOnceAndSharedForTheRun() {
        let environment = AppEnvironment(options: LaunchOptions(), challenges: Challenge.all)
        // Which object a backend is (each is a class: it keeps what was saved).
        func identity(_ backend: Any) -> ObjectIdentifier { ObjectIdentifier(backend as AnyObject) }
        let profile = identity(environment.profileAPI)
        #expect(profile == identity(environment.profileAPI), "the same backend on every read: what it saved is kept")
        let navigation = identity(environment.navigationAPI)
        #expect(navigation == identity(environment.navigationAPI))
        // Another environment (another run) has its own.
        let other = AppEnvironment(options: LaunchOptions(), challenges: Challenge.all)
        #expect(identity(other.profileAPI) != profile)
    }

    @Test func readingABackendNoChallengeOfTheRunDeclaresStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let environment = AppEnvironment(options: LaunchOptions(), challenges: [.articles])
            _ = environment.profileAPI
        }
    }
}
