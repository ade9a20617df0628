/// A picture drawn with the upper half block `▀`: each cell shows two pixels, the top one in
/// the foreground colour and the bottom one in the background colour. Takes plain pixels
/// (scale them first: one pixel a column, two a row) and draws them centred in an area. See
/// Docs/images.md, "Drawing".
///
/// What each colour mode shows:
/// - `.direct`, `.xterm256`: the pixels' RGB; the terminal backend sends it as it is, or maps
///   it to the nearest xterm colour.
/// - `.basic16`, `.basic8`: each pixel replaced by one of the 16 (or 8) ANSI colours, a dark
///   picture brightened and the pixels dithered so its shape stays visible (`FewColourDither`).
/// - `.none`: no colour at all: a shade character (` ░▒▓█`) for the brightness of the cell's
///   two pixels, as much ink as light on a dark terminal, as much ink as dark on a light one.
public struct HalfBlockImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row by row from the top left, `width * height` of them.
    public let pixels: [RGB]
    public var colorMode: ColorMode
    /// The terminal's background: in `.none`, shades are ink in the text colour, so on a light
    /// background the darkest pixels take the most ink.
    public var background = TerminalBackground.dark

    /// - Precondition: `pixels.count == width * height`.
    public init(width: Int, height: Int, pixels: [RGB], colorMode: ColorMode) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixels must hold width × height colours")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.colorMode = colorMode
    }

    /// From 8-bit RGBA bytes (4 a pixel), laid over `matte` where they are not opaque: a cell
    /// has no transparency.
    /// - Precondition: `rgba.count == width * height * 4`.
    public init(width: Int, height: Int, rgba: [UInt8], matte: RGB, colorMode: ColorMode) {
        precondition(width >= 0 && height >= 0 && rgba.count == width * height * 4, "rgba must hold width × height pixels")
        let pixels = (0..<(width * height)).map { index -> RGB in
            let i = index * 4
            let alpha = Int(rgba[i + 3])
            func blend(_ value: UInt8, _ under: UInt8) -> UInt8 {
                alpha == 255 ? value : UInt8((Int(value) * alpha + Int(under) * (255 - alpha) + 127) / 255)
            }
            return RGB(blend(rgba[i], matte.red), blend(rgba[i + 1], matte.green), blend(rgba[i + 2], matte.blue))
        }
        self.init(width: width, height: height, pixels: pixels, colorMode: colorMode)
    }

    /// The cells the picture takes.
    public var cellSize: Size { Size(width: width, height: (height + 1) / 2) }

    /// Shades from dark to light, for `.none`.
    public static let shades: [Character] = [" ", "░", "▒", "▓", "█"]

    /// Draws the picture centred in `area`, clipped to it (a picture larger than the area
    /// loses its edges evenly).
    public func draw(in area: Rect, on canvas: inout Canvas) {
        let cells = cellSize
        guard !area.isEmpty, cells.width > 0, cells.height > 0 else { return }
        // Centring may start left of or above the area when the picture is larger.
        let origin = Point(x: area.x + (area.width - cells.width) / 2, y: area.y + (area.height - cells.height) / 2)
        let visible = Rect(origin: origin, size: cells).intersection(area).intersection(canvas.bounds)
        guard !visible.isEmpty else { return }
        // With 8 or 16 colours, every pixel is matched once, with dithering (FewColourDither).
        let few: [RGB]? = switch colorMode {
        case .basic16: FewColourDither.ansi(pixels, width: width, count: 16)
        case .basic8: FewColourDither.ansi(pixels, width: width, count: 8)
        default: nil
        }
        for y in visible.minY..<visible.maxY {
            let row = (y - origin.y) * 2
            for x in visible.minX..<visible.maxX {
                let column = x - origin.x
                let top = pixels[row * width + column]
                let bottom = row + 1 < height ? pixels[(row + 1) * width + column] : nil
                let cell = Rect(x: x, y: y, width: 1, height: 1)
                switch colorMode {
                case .direct, .xterm256:
                    canvas.fill(cell, with: "▀", style: Style(foreground: top, background: bottom))
                case .basic16, .basic8:
                    let colors = few ?? pixels
                    let under = row + 1 < height ? colors[(row + 1) * width + column] : nil
                    canvas.fill(cell, with: "▀", style: Style(foreground: colors[row * width + column], background: under))
                case .none:
                    let light = bottom.map { (Self.luma($0) + Self.luma(top)) / 2 } ?? Self.luma(top)
                    canvas.fill(cell, with: Self.shade(forLuma: background == .dark ? light : 255 - light), style: .plain)
                }
            }
        }
    }

    /// Rec. 709 luma of `color`, 0…255.
    static func luma(_ color: RGB) -> Int {
        (2126 * Int(color.red) + 7152 * Int(color.green) + 722 * Int(color.blue) + 5000) / 10000
    }

    /// The shade for a luma of 0…255: five equal bands.
    static func shade(forLuma luma: Int) -> Character {
        shades[min(shades.count - 1, max(0, luma) * shades.count / 256)]
    }
}
