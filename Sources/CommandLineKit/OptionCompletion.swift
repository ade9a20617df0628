/// What a shell may offer after an option that takes a value (the completion scripts,
/// Docs/installing.md).
public enum OptionCompletion: Equatable, Sendable {
    /// Nothing in particular: the user types it.
    case none
    /// File names.
    case file
    /// Folder names.
    case directory
    /// Fixed words, and the names (without `.json`) of the JSON files in a folder of the user's
    /// configuration (`$XDG_CONFIG_HOME/challenge-tui/<userFolder>`), looked up as the user types.
    case words([String], userFolder: String? = nil)
}
