extension StringProtocol {
    /// The text without whitespace (newlines included) at either end. Foundation's
    /// `trimmingCharacters(in:)` would do, but it lives in Foundation proper, which the app does
    /// not link (Docs/performance.md).
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
