import Core

extension JSONValue {
    /// The string, when this is one (a value of another type counts as missing).
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
