import Core
import TUI

/// Every screen's keys as their declarations (`KeyMap`) give them, for what is written from them
/// outside the program: the key tables of README.md and Docs/ (Docs/keys.md) and the man page's
/// KEYS. The shell's own maps, and each challenge's (`Challenge.keyGuides`).
enum KeyReference {
    /// One screen's or panel's keys, by the name a page's marker uses (`<!-- keys: launcher -->`).
    struct NamedGuide: Sendable {
        var name: String
        var guide: KeyGuide
        /// In the summary (README's table, the man page): every screen's keys and the fault
        /// panel's; help, the leave dialog and the inspector are left to Docs/keys.md.
        var inSummary = true
    }

    /// Every map, in the order Docs/keys.md shows them: the shell's, the launcher's, the
    /// challenges', then the overlays'.
    static func guides(for challenges: [Challenge]) -> [NamedGuide] {
        [
            NamedGuide(name: "everywhere", guide: ShellKeys.global.guide),
            NamedGuide(name: "launcher", guide: LauncherState.keyMap(challenges: challenges).guide),
            NamedGuide(name: "forget-question", guide: ForgetQuestion.keyMap.guide, inSummary: false),
        ] + challenges.flatMap { $0.keyGuides() } + [
            NamedGuide(name: "help", guide: ShellKeys.help.guide, inSummary: false),
            NamedGuide(name: "leave-dialog", guide: ShellKeys.leaveDialog.guide, inSummary: false),
            NamedGuide(name: "fault-panel", guide: FaultPanelController.keyMap.guide),
            NamedGuide(name: "inspector", guide: ShellKeys.inspector.guide, inSummary: false),
            NamedGuide(name: "timeline", guide: TimelineController.keyMap.guide, inSummary: false),
            NamedGuide(name: "replay", guide: ReplayApp.keyMap.guide, inSummary: false),
        ]
    }

    /// One line per screen: where (the map's title), and each key with its key bar word.
    static func summary(for challenges: [Challenge]) -> [(place: String, keys: [(keys: String, label: String)])] {
        guides(for: challenges).filter(\.inSummary).map { named in
            (named.guide.title, named.guide.entries.map { ($0.keys, $0.label) })
        }
    }

    /// The summary as the man page's KEYS: a definition per screen, "↑ ↓ k j move · Enter open · …".
    static func manPageKeys(for challenges: [Challenge]) -> [Definition] {
        summary(for: challenges).map { line in
            Definition(line.place, line.keys.map { "\($0.keys) \($0.label)" }.joined(separator: " · "))
        }
    }
}
