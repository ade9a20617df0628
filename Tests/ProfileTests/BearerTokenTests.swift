import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct BearerTokenTests {
    @Test func environmentWinsOverConfiguration() {
        #expect(BearerToken.pick(environment: ["CHALLENGE_TUI_TOKEN": "env.jwt"], configured: "config.jwt")?.revealed == "env.jwt")
    }

    @Test func configurationWhenTheEnvironmentHasNone() {
        #expect(BearerToken.pick(environment: [:], configured: "config.jwt")?.revealed == "config.jwt")
        #expect(BearerToken.pick(environment: ["CHALLENGE_TUI_TOKEN": "  "], configured: " config.jwt\n")?.revealed == "config.jwt")
    }

    @Test func noTokenAtAll() {
        #expect(BearerToken.pick(environment: ["OTHER": "x"], configured: nil) == nil)
        #expect(BearerToken.pick(environment: ["CHALLENGE_TUI_TOKEN": ""], configured: "") == nil)
    }
}
