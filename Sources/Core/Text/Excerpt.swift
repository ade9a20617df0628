extension StringProtocol {
    /// At most `limit` characters of the text, ended with "…" when it was cut: what a message
    /// quotes of a value from outside, so a 100 MB string in a configuration file is not printed
    /// whole in the error about it (Docs/security.md).
    public func excerpt(_ limit: Int = 60) -> String {
        var count = 0
        var end = startIndex
        while end < endIndex && count < limit {
            end = index(after: end)
            count += 1
        }
        return end == endIndex ? String(self) : String(self[..<end]) + "…"
    }
}
