/// A size in terminal cells. Negative values never come out of the layout helpers.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether a rectangle of this size can hold one of `other` (both dimensions at least as big).
    public func contains(_ other: Size) -> Bool {
        width >= other.width && height >= other.height
    }

    /// "80x24", as the too-small message prints it.
    public var description: String { "\(width)x\(height)" }
}
