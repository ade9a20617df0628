import Testing
@testable import Contract

/// The profile rules at their edges (Docs/profile.md): the longest name kept and one character
/// more refused, the shortest new password accepted and one character less refused. The
/// mock backend and challenge-server both apply these rules, so an edge that moved would move
/// for both.
@Suite(.timeLimit(.minutes(10))) struct ProfileRulesEdgeTests {
    @Test func aNewPasswordOfEightCharactersIsAcceptedAndSevenIsTooShort() {
        let eight = Secret(String(repeating: "p", count: ProfileRules.minimumPasswordLength))
        let seven = Secret(String(repeating: "p", count: ProfileRules.minimumPasswordLength - 1))
        #expect(ProfileRules.minimumPasswordLength == 8)
        #expect(ProfileRules.checkPasswordChange(current: "password123", new: eight, confirmation: eight, stored: "password123") == nil)
        #expect(ProfileRules.checkPasswordChange(current: "password123", new: seven, confirmation: seven, stored: "password123")?.envelope.code
            == "passwordTooShort")
    }

    @Test func aNameOfFiftyCharactersIsKeptAndFiftyOneIsRefused() throws {
        let fifty = String(repeating: "n", count: ProfileRules.maximumNameLength)
        #expect(ProfileRules.maximumNameLength == 50)
        let kept = try ProfileRules.checkUpdate(firstName: fifty, lastName: "Goode").get()
        #expect(kept.firstName == fifty)
        guard case .failure(let rejection) = ProfileRules.checkUpdate(firstName: fifty + "n", lastName: "Goode") else {
            Issue.record("a 51-character name was kept")
            return
        }
        #expect(rejection.envelope.code == "firstName")
        #expect(rejection.status == 400)
    }
}
