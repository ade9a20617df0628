import Core

/// Where the challenges' requests go.
public enum BackendKind: String, CaseIterable, Sendable {
    /// The embedded, configurable mock: needs nothing else.
    case mock
    /// A real HTTP server (`challenge-server`, or any server speaking the contract).
    case http
}

/// Everything the command line can say, validated. Defaults are what a bare `challenge-tui` does.
public struct LaunchOptions: Equatable, Sendable {
    public var challenge: ChallengeID?
    public var backend: BackendKind = .mock
    /// `--server`; `nil` means the configuration's server URL.
    public var serverURL: String?
    /// The challenges' own options (`Challenge.options`), by flag: checked, not yet applied.
    public var challengeOptions: [String: String] = [:]
    public var dataDirectory: String?
    public var configFile: String?
    public var scenario: String?
    public var reset = false
    public var noColor = false
    /// `--no-mouse`: leave clicks to the terminal (its own text selection).
    public var noMouse = false
    public var logFile: String?

    public init() {}
}

/// What the program was asked to do.
public enum LaunchCommand: Equatable, Sendable {
    case run(LaunchOptions)
    case help
    case version
    /// `--completions SHELL`: print the shell's completion script.
    case completions(CompletionShell)
}
