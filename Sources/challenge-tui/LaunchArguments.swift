import AppShell
import ArticlesApp
import CommandLineKit
import Core
import NavigationApp
import ProfileApp
import Recording
import TUI

/// Parses `challenge-tui`'s arguments with `LaunchInterface`'s declarations. Every flag is
/// validated before the terminal is touched; the first problem is reported as a `UsageError`.
public enum LaunchArguments {
    /// `--help`, and what follows a bad command line.
    public static var usage: String { HelpText.render(LaunchInterface.interface) }

    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchCommand {
        // No arguments, the way most start it: every option at its default, without making the
        // whole command line's description first (a part of the first frame's time,
        // Docs/performance.md, "The third round: no arguments").
        guard !arguments.isEmpty else { return .run(LaunchOptions()) }
        return try parse(arguments, challenges: Challenge.all, interface: LaunchInterface.interface)
    }

    /// Parses with the command line that offers `challenges` (`LaunchInterface.interface(for:)`).
    package static func parse(
        _ arguments: [String], challenges: [Challenge], interface: CommandLineInterface? = nil
    ) throws(UsageError) -> LaunchCommand {
        let interface = interface ?? LaunchInterface.interface(for: challenges)
        let given: ParsedOptions
        do { given = try OptionParser.parse(arguments, by: interface) } catch { throw UsageError(error.message) }
        switch given.stoppedAt {
        case "--help": return .help
        case "--version": return .version
        case "--completions": return .completions(CompletionShell(rawValue: given["--completions"] ?? "") ?? .bash)
        default: break
        }

        var options = LaunchOptions()
        options.challenge = given["--challenge"].flatMap { Challenge.named(ChallengeID(rawValue: $0), in: challenges)?.id }
        let challengeOptions = challenges.flatMap(\.options)
        options.backend = given["--backend"].flatMap(BackendKind.init(rawValue:)) ?? .mock
        options.serverURL = try given["--server"].map { text throws(UsageError) in try HTTPURLArgument.check(text, flag: "--server") }
        for option in challengeOptions {
            if let value = given[option.flag] { options.challengeOptions[option.flag] = try option.check(value) }
        }
        options.dataDirectory = given["--data-dir"]
        options.configFile = given["--config"]
        if let name = given["--scenario"] {
            guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                throw UsageError("scenario names are letters, digits, - and _ (got \(name.quoted()))")
            }
            options.scenario = name
        }
        options.reset = given.has("--reset")
        options.noColor = given.has("--no-color")
        options.background = given["--background"].flatMap(BackgroundSetting.init(rawValue:))
        options.noMouse = given.has("--no-mouse")
        options.screenReader = given.has("--screen-reader")
        options.highContrast = given.has("--high-contrast")
        options.logFile = given["--log"]
        try sessionOptions(given, challengeFlags: challengeOptions.map(\.flag), into: &options)

        // Flags that would silently change nothing are mistakes worth pointing out.
        let forOtherBackends = ["--server"].filter { _ in options.backend == .mock }
            + challengeOptions.filter { $0.backend.map { $0 != options.backend } ?? false }.map(\.flag)
            + ["--scenario"].filter { _ in options.backend == .http }
        for flag in forOtherBackends where given.has(flag) {
            throw UsageError("\(flag) is only used with --backend \(options.backend == .mock ? "http" : "mock")")
        }
        return .run(options)
    }

    /// `--record`, `--replay`, `--speed`, `--export-cast`: a replay takes everything from its
    /// recording, so the options that would choose something else are refused with it
    /// (Docs/recording.md).
    private static func sessionOptions(
        _ given: ParsedOptions, challengeFlags: [String], into options: inout LaunchOptions
    ) throws(UsageError) {
        options.recordFile = given["--record"]
        options.replayFile = given["--replay"]
        options.castFile = given["--export-cast"]
        if let speed = given["--speed"] {
            guard let parsed = ReplaySpeed(speed) else {
                throw UsageError("--speed takes a number from 0.1 to 100 or max (got \(speed.quoted()))")
            }
            options.replaySpeed = parsed
        }
        guard options.replayFile != nil else {
            for flag in ["--speed", "--export-cast"] where given.has(flag) { throw UsageError("\(flag) is only used with --replay") }
            return
        }
        let fromRecording = [
            "--record", "--challenge", "--backend", "--server", "--data-dir", "--config", "--scenario", "--reset", "--log", "--no-mouse",
            "--background",
        ] + challengeFlags
        for flag in fromRecording where given.has(flag) {
            throw UsageError("\(flag) can't be used with --replay: a replay runs as its recording says")
        }
        if options.castFile != nil, given.has("--speed") { throw UsageError("--speed is not used with --export-cast") }
        if options.castFile != nil, options.screenReader {
            throw UsageError("--screen-reader is not used with --export-cast: a cast is the full screen")
        }
        if options.screenReader, given.has("--speed") { throw UsageError("--speed is not used with --screen-reader: the transcript is said at once") }
    }
}
