extension Sequence<String> {
    /// `joined(separator:)` for code that runs before the first frame. The standard library's
    /// is not specialised for its caller: the first call of a program looks the sequence's
    /// element type up by name in the runtime, which scans every protocol conformance of the
    /// program (about 180 k instructions; Docs/performance.md, "The first frame"). Inlinable, so
    /// that each caller gets a copy for its own sequence.
    @inlinable
    public func joinedWords(separator: String) -> String {
        var text = "", first = true
        for word in self {
            if !first { text += separator }
            text += word
            first = false
        }
        return text
    }
}
