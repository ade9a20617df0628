import CommandLineKit
import Contract
import Core

/// `challenge-server`'s command line, declared once: `ServerCommand` parses with it, and the
/// `--help` text and the man page are made from it (Docs/installing.md).
public enum ServerInterface {
    public static let interface = CommandLineInterface(
        name: "challenge-server",
        version: ProgramVersion.current,
        summary: "the development server of challenge-tui's three challenges",
        synopsis: ["[X Y U V A B] [options]", "--print-token [--jwt-secret S]"],
        acceptsPositionals: true,
        description: [
            .text("""
                Serves the navigation flow's three endpoints, the articles list, placeholder \
                pictures and the profile API that challenge-tui(1) uses with --backend http, with \
                delays and failures chosen on its command line.
                """),
        ],
        sections: [
            OptionSection("NAVIGATION (GET /rLogin, /rFetchExperiments, /rSubmitSelection)", paragraphs: [
                .text("By default every request waits a random 1-15 s and succeeds on a fair coin."),
                .text("The positional overrides, in the original server.js's order (any prefix may be given):"),
                .verbatim([
                    "X  rLogin delay in seconds         Y  rLogin success (true|false)",
                    "U  rFetchExperiments delay         V  rFetchExperiments success",
                    "A  rSubmitSelection delay          B  rSubmitSelection success",
                ]),
                .text("An overridden delay is exact; an overridden success applies to every request."),
                .verbatim([
                    "Example: challenge-server 3 false 15 true 4 false",
                    "  every rLogin fails (500) after exactly 3 s, every rFetchExperiments succeeds",
                    "  after 15 s, every rSubmitSelection fails after 4 s.",
                    "Example: challenge-server 3 false",
                    "  rLogin as above; the other two stay random.",
                ]),
            ], options: [
                OptionDeclaration("--experiment", .value(placeholder: "E"), help: """
                    rFetchExperiments answers E (\(Experiment.allCases.map(\.rawValue).joined(separator: "|"))) \
                    instead of a random one
                    """, completion: .words(Experiment.allCases.map(\.rawValue))),
            ]),
            OptionSection("ARTICLES (GET /articles)", options: [
                OptionDeclaration("--articles-file", .value(placeholder: "F"), help: """
                    serve F instead of the built-in sample; checked at start: a regular file of at \
                    most 1 GiB holding a JSON array of objects with id (integer), title, description, \
                    author, release_date (M/D/YYYY) and image (strings); else exit 2
                    """, completion: .file),
                OptionDeclaration("--articles-delay", .value(placeholder: "S"), help: "wait S seconds before answering (default 0)"),
                OptionDeclaration("--articles-fail", .value(placeholder: "N"), help: "the first N requests get 500 (default 0)"),
                OptionDeclaration("--local-images", help: """
                    point the dummyimage.com image URLs of --articles-file at this server (the \
                    built-in sample's always are), so its pictures load offline
                    """),
            ]),
            OptionSection("PICTURES (GET /{W}x{H}.{png|jpg|bmp|gif}/{background}/{text colour})", paragraphs: [
                .text("""
                    dummyimage.com's placeholders: the background (default ccc) with "W × H" \
                    centred in the text colour (default 000); colours of 3 or 6 hex digits; each \
                    side 1-2000 and at most 1,000,000 pixels. Anything else gets 400 with the reason.
                    """),
            ], options: []),
            OptionSection("PROFILE (GET /profiles/mine, POST /profiles/update, POST /password/change)", paragraphs: [
                .text("""
                    Every request needs Authorization: Bearer <JWT> (HS256 with the secret). The \
                    variables keep the secret and the password off the command line, where ps(1) \
                    shows them to everyone.
                    """),
            ], options: [
                OptionDeclaration("--jwt-secret", .value(placeholder: "S"), help: """
                    the signing secret (default challenge-tui-dev-secret)
                    """, environment: ServerCommand.secretVariable, noun: "a JWT secret"),
                OptionDeclaration("--password", .value(placeholder: "PW"), help: "the initial password (default password123)",
                                  environment: ServerCommand.passwordVariable, noun: "a password"),
                OptionDeclaration("--profile-delay", .value(placeholder: "S"), help: "wait S seconds before answering (default 0)"),
                OptionDeclaration("--profile-fail", .value(placeholder: "N"), help: "the first N profile requests get 500 (default 0)"),
                OptionDeclaration("--print-token", help: """
                    print a valid token for the secret (subject ios-user, expires 2100-01-01) and exit
                    """),
            ]),
            OptionSection("SERVER", options: [
                OptionDeclaration("--host", .value(placeholder: "ADDR"), help: """
                    IPv4 address to listen on (default 127.0.0.1; 0.0.0.0 for all). Other than \
                    loopback only with your own JWT secret (else exit 2). On loopback, a request \
                    whose Host is not a loopback name gets 421.
                    """),
                OptionDeclaration("--port", .value(placeholder: "N"), help: "port (default 3000; 0 picks a free one, printed at start)"),
                OptionDeclaration("--event-loops", .value(placeholder: "N"), help: "threads serving connections (default: one per processor)"),
                OptionDeclaration("--seed", .value(placeholder: "N"), help: """
                    repeat the same random delays, outcomes, session ids and experiments (the seed \
                    in use is printed at start)
                    """),
                OptionDeclaration("--completions", .choice(noun: "shell", choices: CompletionShell.allCases.map(\.rawValue)),
                                  help: "print the completion script for bash, zsh or fish and exit", stopsParsing: true),
                OptionDeclaration("--help", aliases: ["-h"], help: "this text", stopsParsing: true),
                OptionDeclaration("--version", help: "show the version and exit", stopsParsing: true),
            ]),
            OptionSection("LIMITS", paragraphs: [
                .text("""
                    Head 16 KiB (431), request line 8 KiB (414), field line 8 KiB and 100 fields \
                    (431), body 1 MiB (413); a head must arrive within 10 s of its first byte and a \
                    body within 30 s (408); idle keep-alive connections close after 5 s; at most \
                    1000 connections per client address (503).
                    """),
                .text("""
                    One line per request on stdout: time, method, path, status, duration. Ctrl-C / \
                    SIGTERM: stop accepting, let requests in flight finish, exit 0.
                    """),
            ], options: []),
        ],
        exitStatus: [
            Definition("0", "a clean stop (SIGINT or SIGTERM), --help, --version, --completions or --print-token"),
            Definition("1", "the port can't be opened"),
            Definition("2", "bad arguments, or an --articles-file that can't be read or isn't articles"),
        ],
        examples: [
            Definition("challenge-server", "Serve on http://127.0.0.1:3000 with random delays and outcomes."),
            Definition("challenge-server 3 false 15 true 4 false", """
                Every rLogin fails after 3 s, every rFetchExperiments succeeds after 15 s, every \
                rSubmitSelection fails after 4 s.
                """),
            Definition("challenge-server >server.log 2>&1 & challenge-tui --backend http; kill $!", """
                The server and the app in one terminal: the request lines go to server.log, not \
                over the app's screen, and the server stops when the app ends (or run each in its \
                own terminal).
                """),
            Definition("challenge-server --port 0 --seed 7 --articles-fail 2",
                       "A free port, repeatable randomness, and the first two articles requests failing."),
        ]
    )
}
