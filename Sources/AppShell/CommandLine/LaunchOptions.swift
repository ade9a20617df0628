import CommandLineKit
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
    /// `--background`: nil when not given (the configuration's setting then counts).
    public var background: BackgroundSetting?
    /// `--no-mouse`: leave clicks to the terminal (its own text selection).
    public var noMouse = false
    /// `--screen-reader`: a plain transcript instead of a full screen (Docs/screen-reader.md).
    public var screenReader = false
    /// `--high-contrast`: the full screen's high-contrast theme.
    public var highContrast = false
    public var logFile: String?
    /// `--record FILE`: write the session there (Docs/recording.md).
    public var recordFile: String?
    /// `--replay FILE`: play a recording back instead of running the app.
    public var replayFile: String?
    /// `--speed`: how fast a replay plays.
    public var replaySpeed: ReplaySpeed = .times(1)
    /// `--export-cast OUT.cast`: write the replay as a cast instead of playing it.
    public var castFile: String?

    public init() {}
}

/// How fast a replay plays: a multiple of the recorded speed, or as fast as it can.
public enum ReplaySpeed: Equatable, Sendable {
    case times(Double)
    case max

    /// The slowest and fastest multiples accepted.
    package static let range = 0.1...100.0

    /// `4`, `0.5` or `max`.
    package init?(_ text: String) {
        if text == "max" {
            self = .max
        } else if let factor = Double(text), factor.isFinite, Self.range.contains(factor) {
            self = .times(factor)
        } else {
            return nil
        }
    }
}

/// What the program was asked to do.
public enum LaunchCommand: Equatable, Sendable {
    case run(LaunchOptions)
    case help
    case version
    /// `--completions SHELL`: print the shell's completion script.
    case completions(CompletionShell)
}
