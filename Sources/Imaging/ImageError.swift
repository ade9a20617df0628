/// Why a picture could not be decoded or encoded. Every case says so in words fit for a status
/// line (`description`).
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input is larger than the limits allow; it was not read.
    case inputTooLarge(bytes: Int, limit: Int)
    /// No bytes, or none of the known signatures.
    case unknownFormat
    /// The header declares a picture larger than the limits allow.
    case pictureTooLarge(ImageFormat, width: Int, height: Int)
    /// The header declares a picture with no pixels.
    case emptyPicture(ImageFormat)
    /// The data ends before the picture does.
    case truncated(ImageFormat, detail: String)
    /// The data breaks the format's rules.
    case corrupt(ImageFormat, detail: String)
    /// A valid variant this decoder does not read (a 16-bit BMP, RLE compression…).
    case unsupported(ImageFormat, detail: String)
    /// Memory ran out, or the codec's own memory cap was reached.
    case outOfMemory(ImageFormat)
    /// The system library for the format could not be loaded.
    case libraryUnavailable(ImageFormat, detail: String)
    /// An encoder refused the bitmap (no pixels, too large for the format).
    case cannotEncode(ImageFormat, detail: String)

    public var description: String {
        switch self {
        case .inputTooLarge(let bytes, let limit):
            "The image is too large to read (\(bytes) bytes; the limit is \(limit))."
        case .unknownFormat:
            "The data is not a PNG, JPEG, GIF or BMP image."
        case .pictureTooLarge(let format, let width, let height):
            "The \(format.name) image declares \(width) × \(height) pixels, more than allowed."
        case .emptyPicture(let format):
            "The \(format.name) image has no pixels."
        case .truncated(let format, let detail):
            "The \(format.name) image is cut short (\(detail))."
        case .corrupt(let format, let detail):
            "The \(format.name) image is damaged (\(detail))."
        case .unsupported(let format, let detail):
            "This kind of \(format.name) image can't be shown (\(detail))."
        case .outOfMemory(let format):
            "There is not enough memory to decode the \(format.name) image."
        case .libraryUnavailable(let format, let detail):
            "\(format.name) pictures need \(format.libraryPackage ?? "a library this machine lacks") (\(detail))."
        case .cannotEncode(let format, let detail):
            "The picture can't be written as \(format.name) (\(detail))."
        }
    }
}
