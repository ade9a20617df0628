import AppShell
import ArticlesApp
import CommandLineKit
import Core
import NavigationApp
import ProfileApp
import Recording
import TUI

/// Every screen's keys as their declarations (`KeyMap`) give them, for what is written from them
/// outside the program: the key tables of README.md and Docs/ (Docs/keys.md) and the man page's
/// KEYS. The shell's own maps, and each challenge's (`Challenge.keyGuides`).
package enum KeyReference {
    /// Every map, in the order Docs/keys.md shows them: the shell's, the launcher's, the
    /// challenges', then the overlays'.
    package static func guides(for challenges: [Challenge]) -> [NamedKeyGuide] {
        [
            NamedKeyGuide(name: "everywhere", guide: ShellKeys.global.guide),
            NamedKeyGuide(name: "launcher", guide: LauncherState.keyMap(challenges: challenges).guide),
            NamedKeyGuide(name: "forget-question", guide: ForgetQuestion.keyMap.guide, inSummary: false),
        ] + challenges.flatMap { $0.keyGuides() } + [
            NamedKeyGuide(name: "help", guide: ShellKeys.help.guide, inSummary: false),
            NamedKeyGuide(name: "leave-dialog", guide: ShellKeys.leaveDialog.guide, inSummary: false),
            NamedKeyGuide(name: "fault-panel", guide: FaultPanelState.keyMap.guide),
            NamedKeyGuide(name: "inspector", guide: ShellKeys.inspector.guide, inSummary: false),
            NamedKeyGuide(name: "timeline", guide: TimelineState.keyMap.guide, inSummary: false),
            NamedKeyGuide(name: "replay", guide: ReplayApp.keyMap.guide, inSummary: false),
        ]
    }

    /// One line per screen: where (the map's title), and each key with its key bar word.
    package static func summary(for challenges: [Challenge]) -> [(place: String, keys: [(keys: String, label: String)])] {
        guides(for: challenges).filter(\.inSummary).map { named in
            (named.guide.title, named.guide.entries.map { ($0.keys, $0.label) })
        }
    }

    /// The summary as the man page's KEYS: a definition per screen, "↑ ↓ k j move · Enter open · …".
    package static func manPageKeys(for challenges: [Challenge]) -> [Definition] {
        summary(for: challenges).map { line in
            Definition(line.place, line.keys.map { "\($0.keys) \($0.label)" }.joined(separator: " · "))
        }
    }
}
