/// The picture formats the decoder reads, told apart by their first bytes (never by a file
/// name or a Content-Type, which may lie: dummyimage.com answers `.bmp` URLs with PNG data).
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    case png, jpeg, gif, bmp

    /// The format whose signature `bytes` start with; nil for anything else.
    public static func sniff(_ bytes: UnsafeRawBufferPointer) -> ImageFormat? {
        func starts(with signature: [UInt8]) -> Bool {
            bytes.count >= signature.count && zip(bytes, signature).allSatisfy { $0 == $1 }
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) { return .gif }
        if starts(with: Array("BM".utf8)) { return .bmp }
        return nil
    }

    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        bytes.withUnsafeBytes { sniff($0) }
    }

    /// The media type to serve it with.
    public var contentType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .bmp: "image/bmp"
        }
    }

    /// The Debian package of the system library the format needs (loaded on first use); nil
    /// for the formats read and written in Swift.
    public var libraryPackage: String? {
        switch self {
        case .png: "libpng16-16"
        case .jpeg: "libjpeg62-turbo"
        case .gif, .bmp: nil
        }
    }

    /// "PNG", "JPEG"… for messages.
    public var name: String { rawValue.uppercased() }
}
