import TUI

/// The launcher's screen: its feature, hosted as every challenge is.
package typealias LauncherScreen = FeatureHost<LauncherFeature>

extension FeatureHost where F == LauncherFeature {
    /// The challenge the cursor is on.
    var selected: Challenge { feature.selected }

    /// The launcher's keys, declared once (`LauncherState.keyMap(challenges:)`).
    static func keyMap(challenges: [Challenge]) -> KeyMap<LauncherState, FeatureCommand<LauncherState.Event>> { LauncherState.keyMap(challenges: challenges) }
}
