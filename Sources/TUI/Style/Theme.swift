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
        case .direct: return Theme.directColorNumber(color)
        case .xterm256: return Theme.nearestXterm256(color)
        // A colour that is exactly one of the ANSI ones (a picture's pixels, already matched
        // by distance) keeps its index; others are matched by hue.
        case .basic16: return Theme.ansiIndex(exactly: color, count: 16) ?? Theme.nearestBasic8(color)
        case .basic8: return Theme.ansiIndex(exactly: color, count: 8) ?? Theme.nearestBasic8(color)
        case .none: return nil
        }
    }

    /// The colour number a direct-colour terminal takes for `color`: red << 16 | green << 8 | blue.
    /// Their terminfo entries send numbers below 8 (below 16 or 256 in `xterm-direct16`,
    /// `-direct256`) as palette colours, which terminals re-theme, so such a colour (red and green
    /// 0) gets red 1: a difference no eye sees. See Docs/images.md, "True colour".
    public static func directColorNumber(_ color: RGB) -> Int {
        let number = Int(color.red) << 16 | Int(color.green) << 8 | Int(color.blue)
        return number < 256 ? number | 0x01_0000 : number
    }

    /// The RGB of a direct colour number (the inverse of `directColorNumber`, nudge included).
    public static func directColor(_ number: Int) -> RGB {
        RGB(UInt8(number >> 16 & 0xFF), UInt8(number >> 8 & 0xFF), UInt8(number & 0xFF))
    }

    /// What the terminal shows for `color` in this mode (the ANSI colours as xterm shows them);
    /// nil in `.none`.
    public func shown(_ color: RGB) -> RGB? {
        index(for: color).flatMap { Theme.color(ofNumber: $0, direct: mode == .direct) }
    }

    /// The RGB a terminal colour number shows: packed RGB on a direct-colour terminal, else a
    /// palette index (the ANSI colours as xterm shows them); nil for the default (-1).
    public static func color(ofNumber number: Int, direct: Bool) -> RGB? {
        if direct && number >= 0 { return directColor(number) }
        switch number {
        case 0...15: return ansi16[number]
        case 16...255: return xterm256Color(number)
        default: return nil
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

    /// With only 8 colours, hue is what people recognise ("the yellow screen"), so the match is
    /// by hue: pale or grey colours go to white or black by brightness, dark ones to black,
    /// the rest to the nearest of red, yellow, green, cyan, blue and magenta.
    public static func nearestBasic8(_ color: RGB) -> Int {
        let r = Double(color.red) / 255, g = Double(color.green) / 255, b = Double(color.blue) / 255
        let maxC = max(r, g, b), minC = min(r, g, b)
        let value = maxC, saturation = maxC == 0 ? 0 : (maxC - minC) / maxC
        if value < 0.2 { return 0 }
        if saturation < 0.25 { return value >= 0.5 ? 7 : 0 }
        let delta = maxC - minC
        var hue: Double
        if maxC == r { hue = 60 * ((g - b) / delta) }
        else if maxC == g { hue = 60 * ((b - r) / delta + 2) }
        else { hue = 60 * ((r - g) / delta + 4) }
        if hue < 0 { hue += 360 }
        // Sectors of 60° centred on red (0°), yellow (60°), green, cyan, blue, magenta.
        let byHue = [1, 3, 2, 6, 4, 5]
        return byHue[Int(((hue + 30) / 60).rounded(.down)) % 6]
    }

    /// The RGB values xterm gives the 16 ANSI colours (black, red, green, yellow, blue, magenta,
    /// cyan, white, then their bright forms). Terminals may re-theme them; these are what a
    /// picture's pixels are matched against.
    public static let ansi16: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The nearest of the first `count` (8 or 16) ANSI colours by colour distance. Photographs
    /// want this rather than `nearestBasic8`'s hue match, which turns every pale pixel white.
    public static func nearestANSI(_ color: RGB, count: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for index in 0..<min(max(1, count), ansi16.count) {
            let d = distance(color, ansi16[index])
            if d < bestDistance { (best, bestDistance) = (index, d) }
        }
        return best
    }

    /// The index of `color` among the first `count` ANSI colours, when it is exactly one.
    static func ansiIndex(exactly color: RGB, count: Int) -> Int? {
        ansi16.prefix(count).firstIndex(of: color)
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
