import AppShell
import ArticlesApp
import CommandLineKit
import Core
import NavigationApp
import ProfileApp
import Recording
import ShippedConfiguration
import TUI

/// `challenge-tui`'s command line, declared once: `LaunchArguments` parses with it, and the
/// `--help` text, the man page and the shell completions are made from it (Docs/installing.md).
public enum LaunchInterface {
    /// The command line of the production challenges (`Challenge.all`).
    public static let interface = interface(for: Challenge.all)

    /// `interface` with what only the man page says: the keys of every screen, written from
    /// their declarations as the README's key table is (`KeyReference`). Made when asked for,
    /// not at start.
    public static var manPage: CommandLineInterface { manPage(for: Challenge.all) }

    package static func manPage(for challenges: [Challenge]) -> CommandLineInterface {
        var interface = interface(for: challenges)
        interface.keys = KeyReference.manPageKeys(for: challenges)
        return interface
    }

    /// The command line offering `challenges`: `--challenge`'s choices, their options, what
    /// `--reset` forgets, their variables.
    package static func interface(for challenges: [Challenge]) -> CommandLineInterface {
        CommandLineInterface(
        name: "challenge-tui",
        version: ChallengeTUI.version,
        summary: "mobile coding challenges in a full-screen terminal program",
        description: [
            .text("""
                Mobile coding challenges (\(challenges.map(\.title).joinedWords(separator: ", "))) in one full-screen terminal program, on \
                an embedded mock backend (needing nothing) or on a real HTTP server such as \
                challenge-server(1). Without --challenge a launcher lists the challenges. The \
                terminal must be at least 60x20 with a UTF-8 locale.
                """),
        ],
        sections: [OptionSection(options: options(for: challenges))],
        files: [
            Definition("$XDG_CONFIG_HOME/challenge-tui/config.json", """
                the user's settings (~/.config/challenge-tui/config.json when XDG_CONFIG_HOME is \
                unset), laid key by key over the built-in defaults; not read when --config is given
                """),
            Definition("$XDG_CONFIG_HOME/challenge-tui/scenarios/NAME.json", """
                the user's own scenarios for --scenario and the fault panel; one named like a \
                built-in scenario takes its place
                """),
            Definition("$XDG_CONFIG_HOME/challenge-tui/", "also the encryption key and passphrase salt"),
            Definition("$XDG_DATA_HOME/challenge-tui/", """
                the encrypted data (~/.local/share/challenge-tui when XDG_DATA_HOME is unset)
                """),
        ],
        environment: [
            Definition("NO_COLOR", "when set to anything non-empty, attributes only, no colours (as --no-color)"),
            Definition("CHALLENGE_TUI_DATA_DIR", "where the encrypted data lives, when --data-dir is not given"),
            Definition("XDG_CONFIG_HOME, HOME", "where the user's configuration, scenarios and key are found"),
            Definition("XDG_DATA_HOME", "where the data lives by default"),
            Definition("CHALLENGE_TUI_KEY", "the encryption key (64 hexadecimal digits) instead of the key file"),
            Definition("CHALLENGE_TUI_PASSPHRASE", "a passphrase the encryption key is derived from"),
        ] + challenges.flatMap(\.settings).compactMap(\.variable),
        exitStatus: [
            Definition("0", "quit (q, Ctrl-C) or ended cleanly by SIGTERM, SIGHUP or SIGINT"),
            Definition(
                "1", "the terminal could not be started, its input closed while running (a line on stderr says so), "
                    + "libcurl is missing for --backend http, or a replayed frame differed from its recording"),
            Definition(
                "2", "bad arguments, configuration or recording, or no usable terminal: standard input or output not a "
                    + "terminal, TERM unset, dumb or without a terminfo entry (one line on stderr names it; nothing was drawn)"),
        ],
        examples: [
            Definition("challenge-tui", "The launcher, on the embedded mock backend."),
            Definition(
                "challenge-tui --challenge \(challenges[0].id) --scenario slow",
                "The \(challenges[0].title.lowercased()) with every request taking 5-15 s."),
            Definition("challenge-server", "In one terminal: the development server, its request lines on that terminal."),
            Definition("challenge-tui --backend http", "In another terminal: the challenges against it."),
            Definition("challenge-server >server.log 2>&1 & challenge-tui --backend http; kill $!", """
                Both in one terminal: the server's lines go to server.log instead of over the \
                screen, and it is stopped when the app ends.
                """),
            Definition("challenge-tui --record demo.jsonl", "Run as usual and write the session to demo.jsonl."),
            Definition("challenge-tui --replay demo.jsonl --speed 4", "Play it back four times as fast, every frame checked."),
            Definition("challenge-tui --completions bash > ~/.local/share/bash-completion/completions/challenge-tui",
                       "Install bash completion for one user."),
        ]
    )
    }

    /// What `--reset` and the launcher's `x` forget: "the navigation flow's progress".
    package static func keptProgress(_ challenges: [Challenge]) -> String {
        let kept = challenges.compactMap(\.progress?.what)
        guard let last = kept.last else { return "what the challenges keep between runs (nothing now)" }
        return kept.count == 1 ? last : kept.dropLast().joinedWords(separator: ", ") + " and " + last
    }

    package static func options(for challenges: [Challenge]) -> [OptionDeclaration] { [
        OptionDeclaration("--challenge", .choice(noun: "challenge", choices: challenges.map(\.id.rawValue)),
                          help: "open a challenge directly (leaving it returns to the launcher)"),
        OptionDeclaration("--backend", .choice(noun: "backend", choices: BackendKind.allCases.map(\.rawValue)),
                          help: "where requests go: mock (default: embedded, needs nothing) or http (a real server)"),
        OptionDeclaration("--server", .value(placeholder: "URL"),
                          help: "the HTTP backend's base URL (default http://127.0.0.1:3000)"),
    ] + challenges.flatMap(\.options).map(\.declaration) + [
        OptionDeclaration("--data-dir", .value(placeholder: "DIR"), help: """
            where encrypted data lives (default $CHALLENGE_TUI_DATA_DIR, $XDG_DATA_HOME/challenge-tui \
            or ~/.local/share/challenge-tui)
            """, completion: .directory),
        OptionDeclaration("--config", .value(placeholder: "FILE"), help: """
            a JSON file whose settings override the built-in defaults (instead of \
            $XDG_CONFIG_HOME/challenge-tui/config.json)
            """, completion: .file),
        OptionDeclaration("--scenario", .value(placeholder: "NAME"), help: """
            the mock backend's scenario: \(BuiltInConfiguration.scenarios.keys.sorted().joinedWords(separator: ", ")), \
            or a file NAME.json in $XDG_CONFIG_HOME/challenge-tui/scenarios
            """, completion: .words(BuiltInConfiguration.scenarios.keys.sorted(), userFolder: "scenarios")),
        OptionDeclaration("--reset", help: "forget \(keptProgress(challenges)) before starting"),
        OptionDeclaration("--no-color", help: "attributes only, no colours (as with NO_COLOR set)"),
        OptionDeclaration("--background", .choice(noun: "background", choices: BackgroundSetting.allCases.map(\.rawValue)), help: """
            the terminal's background, for readable colours and pictures without colour: auto (the \
            default: COLORFGBG, else the terminal is asked), dark or light
            """),
        OptionDeclaration("--no-mouse", help: """
            no clicks or wheel: the terminal keeps its own text selection (as with "mouse": false in \
            the configuration)
            """),
        OptionDeclaration("--high-contrast", help: """
            the full screen in high contrast: text in the terminal's own colour, never dim, \
            selections in reverse video, errors bold (as with "highContrast": true)
            """),
        OptionDeclaration("--screen-reader", help: """
            for screen readers: the same challenges and keys as a plain transcript, each thing said \
            once as new lines, nothing drawn (as with "screenReader": true in the configuration)
            """),
        OptionDeclaration("--log", .value(placeholder: "FILE"), help: "write one line per event to FILE (never secrets)",
                          completion: .file),
        OptionDeclaration("--record", .value(placeholder: "FILE"), help: """
            write the session to FILE as it happens (keys, answers, a digest of every frame; never a \
            password or a token), to play it back with --replay
            """, completion: .file),
        OptionDeclaration("--replay", .value(placeholder: "FILE"), help: """
            play a recorded session back on its own clock, checking every frame against the \
            recording, with no network and no stored data; Space pauses, Left and Right step, q leaves
            """, completion: .file),
        OptionDeclaration("--speed", .value(placeholder: "N"), help: """
            with --replay: N times the recorded speed (0.1 to 100), or max (default 1)
            """, completion: .words(["1", "2", "4", "max"])),
        OptionDeclaration("--export-cast", .value(placeholder: "OUT.cast"), help: """
            with --replay: write the session as an asciinema v2 cast to OUT.cast instead of playing it
            """, completion: .file),
        OptionDeclaration("--completions", .choice(noun: "shell", choices: CompletionShell.allCases.map(\.rawValue)),
                          help: "print the completion script for bash, zsh or fish and exit", stopsParsing: true),
        OptionDeclaration("--help", aliases: ["-h"], help: "show this help and exit", stopsParsing: true),
        OptionDeclaration("--version", help: "show the version and exit", stopsParsing: true),
    ] }
}
