import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct FewColourDitherTests {
    @Test func aDarkTealPictureIsNotAllBlack() {
        // Nearest colour alone turns every pixel of it black.
        let teal = RGB(0, 50, 60)
        #expect(Theme.nearestANSI(teal, count: 8) == 0)
        for count in [8, 16] {
            let shown = FewColourDither.ansi(Array(repeating: teal, count: 64), width: 8, count: count)
            let lit = shown.filter { $0 != .black }.count
            #expect(lit >= 32, "\(count) colours: \(lit) of 64 pixels lit")
            #expect(shown.allSatisfy { Theme.ansi16.prefix(count).contains($0) })
        }
    }

    @Test func aDarkPictureIsBrightenedUpToItsBrightEndAndABrightOneIsNot() {
        #expect(FewColourDither.gain(for: Array(repeating: RGB(0, 55, 20), count: 10)) == 4)
        #expect(FewColourDither.gain(for: Array(repeating: RGB(110, 0, 0), count: 10)) == 2)
        #expect(FewColourDither.gain(for: Array(repeating: RGB(0, 0, 230), count: 10)) == 1)
        #expect(FewColourDither.gain(for: Array(repeating: .black, count: 10)) == 1)
        #expect(FewColourDither.gain(for: []) == 1)
        // Two bright specks in a hundred dark pixels don't make it bright.
        #expect(FewColourDither.gain(for: Array(repeating: RGB(55, 55, 55), count: 98) + [.white, .white]) == 4)
    }

    @Test func aColourBetweenTwoIsAPatternOfBothAnchoredOnThePicture() {
        // Bright enough not to be brightened: half way between black and white.
        let grey = Array(repeating: RGB(115, 115, 115), count: 15) + [.white]
        let shown = FewColourDither.ansi(grey, width: 4, count: 8)
        #expect(Set(shown.dropLast()) == [Theme.ansi16[0], Theme.ansi16[7]])
        #expect(FewColourDither.ansi(grey, width: 4, count: 8) == shown)
        #expect(FewColourDither.ansi([], width: 0, count: 8).isEmpty)
    }
}
