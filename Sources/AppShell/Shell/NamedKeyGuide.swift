import TUI

/// One screen's or panel's keys, by the name a page's marker uses (`<!-- keys: launcher -->`):
/// what `KeyReference` writes the key tables and the man page's KEYS from.
package struct NamedKeyGuide: Sendable {
    package var name: String
    package var guide: KeyGuide
    /// In the summary (README's table, the man page): every screen's keys and the fault
    /// panel's; help, the leave dialog and the inspector are left to Docs/keys.md.
    package var inSummary = true

    package init(name: String, guide: KeyGuide, inSummary: Bool = true) {
        self.name = name
        self.guide = guide
        self.inSummary = inSummary
    }
}
