@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
@testable import NavigationApp
import Profile
@testable import ProfileApp
@testable import Recording
import TUI

/// Opening the profile challenge in the headless harness, with mock endpoints as a test wants them.
extension ShellHarness {
    /// The app opened on the profile screen (`--challenge profile`), every endpoint answering at
    /// once unless `endpoints` says otherwise.
    static func profile(
        _ endpoints: [EndpointName: EndpointBehaviour] = [:], size: Size = Size(width: 80, height: 24)
    ) throws -> ShellHarness {
        var options = LaunchOptions()
        options.challenge = .profile
        let scenario = Scenario(name: "test", description: "profile test", defaults: .instant, endpoints: endpoints)
        return try ShellHarness(options: options, scenario: scenario, size: size)
    }

    /// The app opened on the profile screen with the profile loaded, and (unless `entering` is
    /// false) the user gone into First Name with Tab, as one does to edit: the form opens with no
    /// field taking the keys (Docs/keys.md, "Forms").
    static func loadedProfile(
        _ endpoints: [EndpointName: EndpointBehaviour] = [:], size: Size = Size(width: 80, height: 24), entering: Bool = true
    ) async throws -> ShellHarness {
        let app = try profile(endpoints, size: size)
        try await app.waitFor("BASIC INFORMATION")
        if entering { app.press(.tab) }
        return app
    }

    /// The profile challenge on top of the stack (its feature value).
    var profileScreen: ProfileFeature? { (shell.top as? FeatureHost<ProfileFeature>)?.feature }

    var mockProfileAPI: MockProfileAPI? { environment.profileAPI as? MockProfileAPI }

    /// The row showing `text`, from the top.
    func row(of text: String) -> Int? { lines.firstIndex { $0.contains(text) } }

    /// The line under the first line showing `label` (where that field's error goes).
    func lineUnder(_ label: String) -> String? {
        row(of: label).flatMap { $0 + 1 < lines.count ? lines[$0 + 1] : nil }
    }

    /// Moves the focus with Tab until it is on `focus` (at most one round).
    func focus(_ focus: ProfileFocus) {
        for _ in 0..<ProfileFocus.order.count where profileScreen?.focus != focus { press(.tab) }
    }

    /// Types the three password fields and leaves the focus on the password section's SAVE CHANGES.
    func fillPasswords(current: String, new: String, confirmation: String) {
        focus(.field(.currentPassword))
        type(current)
        press(.tab)
        type(new)
        press(.tab)
        type(confirmation)
        press(.tab)
    }
}

extension EndpointBehaviour {
    /// Answers at once; fails the first request with `failure`.
    static func failingOnce(_ failure: SimulatedFailure) -> EndpointBehaviour {
        EndpointBehaviour(delay: 0...0, outcomes: .failNext(1, failure))
    }

    /// Succeeds after `seconds` of the domain clock.
    static func slow(_ seconds: Double) -> EndpointBehaviour {
        EndpointBehaviour(delay: seconds...seconds, outcomes: .alwaysSucceed)
    }
}
