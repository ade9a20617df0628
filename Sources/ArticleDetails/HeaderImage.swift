import FoundationEssentials

/// What the terminal draws for an article's header image, read from its URL alone (nothing is
/// downloaded).
///
/// dummyimage.com encodes the whole picture in its URL (`/{W}x{H}[.ext]/{bg}/{fg}`): a block of
/// the background colour with "W × H" centred in the text colour, which a terminal can draw
/// faithfully. Any other image becomes a framed placeholder naming its host.
public enum HeaderImage: Hashable, Sendable {
    case dummyImage(DummyImage)
    /// Not a dummyimage URL, or one whose size can't be read. `host` is "image" when the URL
    /// has none.
    case placeholder(host: String)

    /// A picture as dummyimage.com would render it.
    public struct DummyImage: Hashable, Sendable {
        public var width: Int
        public var height: Int
        public var background: ImageColor
        public var foreground: ImageColor

        public init(width: Int, height: Int, background: ImageColor = defaultBackground, foreground: ImageColor = defaultForeground) {
            self.width = width
            self.height = height
            self.background = background
            self.foreground = foreground
        }

        /// dummyimage.com's own defaults (its `code.php`: background `ccc`, text `000`).
        public static let defaultBackground = ImageColor(red: 0xCC, green: 0xCC, blue: 0xCC)
        public static let defaultForeground = ImageColor(red: 0, green: 0, blue: 0)
        /// dummyimage.com refuses larger pictures: either side above 9999 or an area of 16 M.
        static let maxSide = 9999
        static let maxArea = 16_000_000

        /// "366 × 582" (the multiplication sign, as dummyimage prints it).
        public var label: String { "\(width) \u{00D7} \(height)" }
    }

    /// A placeholder's assumed proportions (16:9, a common header shape).
    public static let placeholderSize = (width: 16, height: 9)

    public init(url: String) {
        let components = URLComponents(string: url)
        let host = components?.host?.lowercased() ?? ""
        let scheme = components?.scheme?.lowercased() ?? ""
        guard ["http", "https"].contains(scheme), host == "dummyimage.com" || host == "www.dummyimage.com",
            let path = components?.path, let image = Self.dummyImage(path: path)
        else {
            self = .placeholder(host: host.isEmpty ? "image" : host)
            return
        }
        self = .dummyImage(image)
    }

    /// The text drawn in the middle of the picture.
    public var label: String {
        switch self {
        case .dummyImage(let image): image.label
        case .placeholder(let host): host
        }
    }

    /// The fill colour (for list thumbnails too); `nil` for a placeholder, drawn in the theme's.
    public var background: ImageColor? {
        if case .dummyImage(let image) = self { return image.background }
        return nil
    }

    /// The label's colour; `nil` for a placeholder.
    public var foreground: ImageColor? {
        if case .dummyImage(let image) = self { return image.foreground }
        return nil
    }

    /// The picture's proportions as width and height.
    public var aspect: (width: Int, height: Int) {
        switch self {
        case .dummyImage(let image): (image.width, image.height)
        case .placeholder: Self.placeholderSize
        }
    }

    /// The largest cell size in the box that keeps the picture's proportions.
    public func fitted(inColumns columns: Int, rows: Int, cellAspect: Double = 2) -> CellSize {
        CellSize.fitting(
            width: aspect.width, height: aspect.height, inColumns: columns, rows: rows, cellAspect: cellAspect)
    }

    /// `/{size}[.ext]/{bg}[.ext]/{fg}[.ext]`, where size is `W`, `WxH` or `Wx{a}:{b}` (a ratio),
    /// as dummyimage.com reads it. A colour that is not hex falls back to the default; a size
    /// that can't be read makes the URL a placeholder.
    static func dummyImage(path: String) -> DummyImage? {
        // The format extension may sit on any segment; only what precedes it matters.
        let pieces = path.split(separator: "/").map { $0.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0] }
        guard let sizeText = pieces.first?.lowercased(), let (width, height) = size(sizeText) else { return nil }
        let background = pieces.count > 1 ? ImageColor(hex: pieces[1]) : nil
        let foreground = pieces.count > 2 ? ImageColor(hex: pieces[2]) : nil
        return DummyImage(
            width: width, height: height,
            background: background ?? DummyImage.defaultBackground,
            foreground: foreground ?? DummyImage.defaultForeground)
    }

    private static func size(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let width = Self.integer(parts[0]) else { return nil }
        var height = width
        if parts.count == 2 {
            let ratio = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            switch ratio.count {
            case 1:
                guard let value = Self.integer(ratio[0]) else { return nil }
                height = value
            case 2:
                guard let across = Self.integer(ratio[0]), let down = Self.integer(ratio[1]) else { return nil }
                height = Int((Double(width) * Double(down) / Double(across)).rounded())
            default:
                return nil
            }
        }
        guard (1...DummyImage.maxSide).contains(width), (1...DummyImage.maxSide).contains(height),
            width * height < DummyImage.maxArea
        else { return nil }
        return (width, height)
    }

    /// A positive decimal of at most 5 digits (so nothing can overflow).
    private static func integer(_ text: Substring) -> Int? {
        guard (1...5).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            value > 0
        else { return nil }
        return value
    }
}
