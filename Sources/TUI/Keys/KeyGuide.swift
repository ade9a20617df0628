/// What help and the documentation show of a `KeyMap`, whatever the state: a title and one
/// entry per binding. Plain values, so an overlay can draw them and a test can write tables
/// from them (Docs/keys.md).
public struct KeyGuide: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        /// "↑ ↓ j k", "1–3".
        public var keys: String
        /// The key bar's word: "move".
        public var label: String
        /// "move the selection".
        public var help: String
        /// Where on the screen it works, when not everywhere on it.
        public var scope: String?

        public init(keys: String, label: String, help: String, scope: String? = nil) {
            self.keys = keys
            self.label = label
            self.help = help
            self.scope = scope
        }
    }

    public var title: String
    public var entries: [Entry]

    public init(title: String, entries: [Entry]) {
        self.title = title
        self.entries = entries
    }
}
