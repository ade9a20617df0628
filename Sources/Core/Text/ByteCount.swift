/// Byte counts in messages: "1 MB", "64 MB", "1,048,577 bytes". A megabyte is 1,048,576 bytes, as
/// everywhere in the configuration (Docs/security.md).
public enum ByteCount {
    public static func text(_ bytes: Int) -> String {
        let megabyte = 1_048_576
        if bytes >= megabyte && bytes % megabyte == 0 { return "\(bytes / megabyte) MB" }
        return bytes == 1 ? "1 byte" : "\(grouped(bytes)) bytes"
    }

    /// 1234567 → "1,234,567".
    public static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}
