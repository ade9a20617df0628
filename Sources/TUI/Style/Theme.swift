/// Maps RGB colours to terminal colour indices for a `ColorMode`. Pure: the ncurses backend
/// asks it, tests check it.
public struct Theme: Hashable, Sendable {
    public let mode: ColorMode

    public init(mode: ColorMode) {
        self.mode = mode
    }

    /// The terminal colour index for `color`: nil when the terminal default should be used
    /// (no colour given, or `.none` mode).
    public func index(for color: RGB?) -> Int? {
        guard let color else { return nil }
        switch mode {
        case .xterm256: return Theme.nearestXterm256(color)
        case .basic8: return Theme.nearestBasic8(color)
        case .none: return nil
        }
    }

    /// The RGB value xterm shows for palette index 16…255 (the cube and the grey ramp).
    public static func xterm256Color(_ index: Int) -> RGB? {
        switch index {
        case 16...231:
            let i = index - 16
            return RGB(cubeLevels[i / 36], cubeLevels[i / 6 % 6], cubeLevels[i % 6])
        case 232...255:
            let v = UInt8(8 + 10 * (index - 232))
            return RGB(v, v, v)
        default:
            return nil
        }
    }

    /// The 8 basic colours as xterm draws them by default: black, red, green, yellow, blue,
    /// magenta, cyan, white.
    public static let basic8Colors: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
    ]

    /// Nearest cube or grey-ramp entry (16…255). The low 16 are left out: terminals re-theme them.
    public static func nearestXterm256(_ color: RGB) -> Int {
        var best = 16, bestDistance = Int.max
        for index in 16...255 {
            guard let candidate = xterm256Color(index) else { continue }
            let d = distance(color, candidate)
            if d < bestDistance { (best, bestDistance) = (index, d) }
        }
        return best
    }

    public static func nearestBasic8(_ color: RGB) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, candidate) in basic8Colors.enumerated() {
            let d = distance(color, candidate)
            if d < bestDistance { (best, bestDistance) = (index, d) }
        }
        return best
    }

    /// "Redmean" weighted Euclidean distance (squared, x256): cheap and closer to how eyes
    /// compare colours than plain RGB distance.
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let rMean = (Int(a.red) + Int(b.red)) / 2
        let dr = Int(a.red) - Int(b.red), dg = Int(a.green) - Int(b.green), db = Int(a.blue) - Int(b.blue)
        return (512 + rMean) * dr * dr + 1024 * dg * dg + (767 - rMean) * db * db
    }

    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]
}
