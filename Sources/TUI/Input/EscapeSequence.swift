/// The key a complete escape sequence stands for, whatever terminfo entry `TERM` names: a
/// terminal inside tmux or screen, or one that sets `TERM` to another's, sends its own forms,
/// which ncurses knows only when the entry spells them. So the forms of xterm, vt220, rxvt and
/// the Linux console are all known here (Docs/keys.md, "Whatever TERM says"); modifiers
/// (`ESC [ 1 ; 5 A`, rxvt's `$` and `^` endings) are read as the plain key. Nil for a sequence
/// that is no key the app knows: it is dropped whole, never read as the characters in it.
public enum EscapeSequence {
    /// `introducer` is `[` (CSI) or `O` (SS3); `body` what came after it, final character
    /// included (the Linux console's `ESC [ [ A` has body `[A`).
    public static func key(introducer: UInt8, body: [UInt8]) -> Key? {
        guard let final = body.last else { return nil }
        let parameters = body.dropLast()
        switch introducer {
        case UInt8(ascii: "["):
            if parameters.first == UInt8(ascii: "[") { // Linux console F1–F5: ESC [ [ A…E
                guard parameters.count == 1, (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final) else { return nil }
                return .function(Int(final - UInt8(ascii: "A")) + 1)
            }
            guard let numbers = numbers(parameters) else { return nil }
            switch final {
            case UInt8(ascii: "~"), UInt8(ascii: "$"), UInt8(ascii: "^"), UInt8(ascii: "@"):
                return numbers.first.flatMap { $0.flatMap(tildeKey) }
            case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "c"), UInt8(ascii: "d"):
                // rxvt's Shift-arrows.
                return numbers.isEmpty ? letterKey(final - 32) : nil
            default:
                return letterKey(final)
            }
        case UInt8(ascii: "O"):
            guard numbers(parameters) != nil else { return nil }
            switch final {
            case UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "c"), UInt8(ascii: "d"):
                return letterKey(final - 32) // rxvt's Ctrl-arrows
            case UInt8(ascii: "M"):
                return .enter // the keypad's Enter
            case UInt8(ascii: "j")...UInt8(ascii: "y"):
                // The keypad in application mode: * + , - . / and the digits.
                guard parameters.isEmpty else { return nil }
                return .char(Array("*+,-./0123456789")[Int(final - UInt8(ascii: "j"))])
            default:
                return letterKey(final)
            }
        default:
            return nil
        }
    }

    /// The keys the final letter names in both CSI and SS3 forms.
    private static func letterKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "Z"): .backTab
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// vt220's numbered keys, `ESC [ n ~` (rxvt's and the Linux console's too).
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23...26: .function(number - 12)
        case 28, 29: .function(number - 13)
        case 31...34: .function(number - 14)
        default: nil
        }
    }

    /// `n;m` as numbers (an empty one is nil); nil when anything else is in the parameters.
    private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?]? {
        guard !parameters.isEmpty else { return [] }
        var result: [Int?] = []
        for part in parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard part.count <= 4, part.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            result.append(part.isEmpty ? nil : part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
        }
        return result
    }
}
