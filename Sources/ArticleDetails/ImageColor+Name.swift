/// A colour in a word, for the screen-reader mode's descriptions of pictures
/// (Docs/screen-reader.md): the nearest of a few everyday names.
extension ImageColor {
    private static let named: [(name: String, color: ImageColor)] = [
        ("black", ImageColor(red: 0, green: 0, blue: 0)), ("white", ImageColor(red: 255, green: 255, blue: 255)),
        ("grey", ImageColor(red: 128, green: 128, blue: 128)), ("light grey", ImageColor(red: 204, green: 204, blue: 204)),
        ("dark grey", ImageColor(red: 64, green: 64, blue: 64)), ("red", ImageColor(red: 200, green: 30, blue: 30)),
        ("orange", ImageColor(red: 240, green: 140, blue: 20)), ("yellow", ImageColor(red: 240, green: 220, blue: 40)),
        ("green", ImageColor(red: 40, green: 160, blue: 60)), ("teal", ImageColor(red: 40, green: 130, blue: 110)),
        ("blue", ImageColor(red: 40, green: 100, blue: 200)), ("navy", ImageColor(red: 20, green: 30, blue: 100)),
        ("purple", ImageColor(red: 120, green: 50, blue: 160)), ("pink", ImageColor(red: 240, green: 130, blue: 180)),
        ("brown", ImageColor(red: 120, green: 75, blue: 40)), ("pale blue", ImageColor(red: 190, green: 220, blue: 250)),
        ("pale green", ImageColor(red: 200, green: 240, blue: 210)),
    ]

    /// "teal", "light grey": the named colour nearest to this one.
    public var name: String {
        func distance(_ other: ImageColor) -> Int {
            let red = Int(red) - Int(other.red), green = Int(green) - Int(other.green), blue = Int(blue) - Int(other.blue)
            // Weighted as the eye weighs them, roughly.
            return 3 * red * red + 4 * green * green + 2 * blue * blue
        }
        return Self.named.min { distance($0.color) < distance($1.color) }?.name ?? description
    }
}
