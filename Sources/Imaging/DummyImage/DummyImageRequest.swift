/// A placeholder picture as dummyimage.com's URLs describe it: `/{W}x{H}.{ext}/{bg}/{fg}`, a
/// block of the background colour with "W × H" centred in the text colour. Parsed strictly:
/// anything it can't read is an error the server answers with 400. See Docs/images.md,
/// "Placeholder pictures".
public struct DummyImageRequest: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var format: ImageFormat
    public var background: PixelColor
    public var foreground: PixelColor

    /// dummyimage.com's defaults (its `code.php`): grey `ccc` behind black `000` text, PNG.
    public static let defaultBackground = PixelColor(red: 0xCC, green: 0xCC, blue: 0xCC)
    public static let defaultForeground = PixelColor.black
    /// Sides served: dummyimage.com goes to 9999, which is far more than a test server needs
    /// (a 2000 × 2000 picture is 16 MB before compression).
    public static let sides = 1...2000

    public init(
        width: Int, height: Int, format: ImageFormat = .png,
        background: PixelColor = defaultBackground, foreground: PixelColor = defaultForeground
    ) {
        self.width = width
        self.height = height
        self.format = format
        self.background = background
        self.foreground = foreground
    }

    /// Reads a request path: `/300x200.png/5fa2dd/fff`, also `/300x200`, `/300` (a square),
    /// `/640x16:9` (a ratio), an extension on any one segment (`/300x200/000/fff.jpg`), a query
    /// string (ignored). Extensions: png, jpg, jpeg, bmp, gif; none means PNG.
    public init(path: String) throws(DummyImageError) {
        var path = Substring(path)
        if let query = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<query] }
        if path.hasPrefix("/") { path = path.dropFirst() }
        var segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count > 1, segments.last?.isEmpty == true { segments.removeLast() } // a trailing slash
        guard (1...3).contains(segments.count), !segments[0].isEmpty else {
            throw .badPath("expected /{width}x{height}.{png|jpg|bmp|gif}/{background}/{text colour}")
        }
        var format: ImageFormat?
        var names: [Substring] = []
        for segment in segments {
            let parts = segment.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { throw .badExtension(String(segment)) }
            names.append(parts[0])
            if parts.count == 2 {
                guard format == nil else { throw .badPath("more than one extension") }
                switch parts[1].lowercased() {
                case "png": format = .png
                case "jpg", "jpeg": format = .jpeg
                case "bmp": format = .bmp
                case "gif": format = .gif
                default: throw .badExtension(String(parts[1]))
                }
            }
        }
        let (width, height) = try Self.size(names[0])
        func color(_ index: Int, default fallback: PixelColor) throws(DummyImageError) -> PixelColor {
            guard index < names.count, !names[index].isEmpty else { return fallback }
            guard let color = PixelColor(hex: names[index]) else { throw .badColor(String(names[index])) }
            return color
        }
        self.init(
            width: width, height: height, format: format ?? .png,
            background: try color(1, default: Self.defaultBackground),
            foreground: try color(2, default: Self.defaultForeground))
    }

    /// The canonical path of this request (`/300x200.png/cccccc/000000`).
    public var path: String {
        let ext = format == .jpeg ? "jpg" : format.rawValue
        return "/\(width)x\(height).\(ext)/\(background.hex)/\(foreground.hex)"
    }

    /// "366 × 582" (the multiplication sign, as dummyimage.com writes it).
    public var label: String { "\(width) \u{00D7} \(height)" }

    public var contentType: String { format.contentType }

    /// `W`, `WxH` or `Wx{a}:{b}`, each side within `sides`.
    private static func size(_ text: Substring) throws(DummyImageError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let width = number(parts[0]) else { throw .badSize(String(text)) }
        var height = width
        if parts.count == 2 {
            let ratio = parts[1].split(separator: ":", omittingEmptySubsequences: false)
            switch ratio.count {
            case 1:
                guard let value = number(ratio[0]) else { throw .badSize(String(text)) }
                height = value
            case 2:
                guard let across = number(ratio[0]), let down = number(ratio[1]), across > 0 else {
                    throw .badSize(String(text))
                }
                height = (width * down * 2 + across) / (across * 2) // rounded
            default:
                throw .badSize(String(text))
            }
        }
        guard sides.contains(width), sides.contains(height) else {
            throw .sizeOutOfRange(width: width, height: height)
        }
        return (width, height)
    }

    /// A decimal of at most 5 digits (so nothing overflows).
    private static func number(_ text: Substring) -> Int? {
        guard (1...5).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

/// Why a placeholder path was refused (the server answers 400 with `description`).
public enum DummyImageError: Error, Hashable, Sendable, CustomStringConvertible {
    case badPath(String)
    case badSize(String)
    case sizeOutOfRange(width: Int, height: Int)
    case badColor(String)
    case badExtension(String)

    public var description: String {
        switch self {
        case .badPath(let why): "Bad placeholder path: \(why)."
        case .badSize(let text): "Bad size '\(text)': expected {width}x{height}, e.g. 300x200."
        case .sizeOutOfRange(let width, let height):
            "Size \(width)x\(height) is out of range: each side must be \(DummyImageRequest.sides.lowerBound) to \(DummyImageRequest.sides.upperBound)."
        case .badColor(let text): "Bad colour '\(text)': expected 3 or 6 hex digits, e.g. fff or 5fa2dd."
        case .badExtension(let text): "Bad format '\(text)': expected png, jpg, bmp or gif."
        }
    }
}
