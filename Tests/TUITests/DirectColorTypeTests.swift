import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct DirectColorTypeTests {
    @Test func onlyTruecolorAnd24bitClaimTrueColour() {
        #expect(DirectColorType.claimsTrueColor(["COLORTERM": "truecolor"]))
        #expect(DirectColorType.claimsTrueColor(["COLORTERM": "24bit"]))
        #expect(DirectColorType.claimsTrueColor(["COLORTERM": "TrueColor"]))
        #expect(!DirectColorType.claimsTrueColor(["COLORTERM": "yes"]))
        #expect(!DirectColorType.claimsTrueColor(["COLORTERM": ""]))
        #expect(!DirectColorType.claimsTrueColor([:]))
    }

    @Test func theDirectTwinIsTheBaseNamePlusDirect() {
        #expect(DirectColorType.candidate(for: "xterm-256color") == "xterm-direct")
        #expect(DirectColorType.candidate(for: "tmux-256color") == "tmux-direct")
        #expect(DirectColorType.candidate(for: "xterm") == "xterm-direct")
        #expect(DirectColorType.candidate(for: "rxvt-88color") == "rxvt-direct")
        #expect(DirectColorType.candidate(for: "xterm-16color") == "xterm-direct")
        #expect(DirectColorType.candidate(for: "linux-color") == "linux-direct")
        #expect(DirectColorType.candidate(for: "alacritty") == "alacritty-direct")
        #expect(DirectColorType.candidate(for: "xterm-kitty") == "kitty-direct")
    }

    @Test func directTypesAndOddNamesHaveNoTwin() {
        #expect(DirectColorType.candidate(for: "xterm-direct") == nil)
        #expect(DirectColorType.candidate(for: "xterm-direct256") == nil)
        #expect(DirectColorType.candidate(for: "") == nil)
        #expect(DirectColorType.candidate(for: "../x") == nil)
    }

    @Test func theTwinIsOpenedOnlyWhenClaimedAndInstalled() {
        let truecolor = ["COLORTERM": "truecolor"]
        #expect(DirectColorType.entry(for: "xterm-256color", environment: truecolor) { $0 == "xterm-direct" } == "xterm-direct")
        #expect(DirectColorType.entry(for: "xterm-256color", environment: truecolor) { _ in false } == nil)
        #expect(DirectColorType.entry(for: "xterm-256color", environment: [:]) { _ in true } == nil)
        #expect(DirectColorType.entry(for: nil, environment: truecolor) { _ in true } == nil)
    }
}
