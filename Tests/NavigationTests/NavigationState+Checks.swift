import Core
@testable import Navigation

/// What the tests ask of the flow's state, in its own words (the views read the fields).
extension NavigationState {
    /// On C without a title (B3 and noScreenB paths) the text below stretches up to take the
    /// title field's place.
    var cTextStretchesUp: Bool { screen.isC && cTitle == nil }

    /// C is waiting for rLogin (the 3 s may or may not have passed).
    var cIsWaitingForLogin: Bool { screen.isC && !login.isSignedIn }

    /// C must say that sign-in gave up and that `r` tries again.
    var cShowsLoginGaveUp: Bool { screen.isC && login.hasGivenUp }

    /// The failure this screen shows, if any (A's fetch, B's submit, C's gave-up sign-in).
    var screenError: APIError? {
        switch screen {
        case .a: fetchError
        case .b1, .b2: submitError
        case .c1, .c2: login.hasGivenUp ? login.error : nil
        default: nil
        }
    }
}
