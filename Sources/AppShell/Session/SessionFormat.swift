import Core
import FoundationEssentials
import TUI

/// The recording's format (Docs/recording.md): JSON Lines, a header first, then one line per
/// thing that came from outside the reducers, in the order the loop handled it, each with its
/// time on the session's one clock, and a line per frame with its digest.
package enum SessionFormat {
    /// What the header's `format` says.
    package static let name = "challenge-tui session"
    /// The version this program writes and the only one it reads.
    package static let version = 1
    /// The longest session a recording may hold (times are exact to the nanosecond below it).
    package static let longestSession: Duration = .seconds(1_000_000)
    /// The largest recording read (a five-minute session with pictures is well under 2 MB).
    package static let largestFile = 64 << 20
    /// The most lines read.
    package static let mostLines = 2_000_000
    /// The longest text a paste, a note or an error body may carry.
    package static let longestText = 1 << 20
    /// The most drawing a recording may ask of a replay or a cast: its frames times the cells
    /// of each (a 20-minute session at 200×60 is about 45 million; 250 million take about 15 s
    /// to export on the 2-core build machine). A recording that would take more is refused
    /// before anything is drawn (Docs/recording.md, "Bad input").
    package static let mostCellsDrawn = 250_000_000

    /// A time as the timeline and the replay show it: "12.40 s".
    package static func secondsText(_ time: Duration) -> String {
        let hundredths = Int((time.inSeconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// `duration` in seconds, the nearest `Double` (which reads back to the same nanosecond).
    package static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds * 1_000_000_000 + attoseconds / 1_000_000_000) / 1e9
    }

    /// `seconds` to the nearest nanosecond.
    package static func duration(seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
}

/// The first line: what the session ran with, so a replay builds the same app. Never a secret:
/// the configuration goes without its token, and nothing from the store or the environment's
/// key variables is here.
package struct SessionHeader: Equatable {
    package var program: String
    package var size: Size
    package var colors: ColorMode
    /// The terminal's background at the start (written only when light, so a dark one's header
    /// reads as it always has); the terminal's later answer is a recorded key.
    package var background = TerminalBackground.dark
    package var backend: BackendKind
    package var challenge: ChallengeID?
    /// The mock backend's scenario as it started (with the HTTP backend, unused but shown).
    package var scenario: Scenario
    /// The scenarios the fault panel's `s` offers, by name.
    package var scenarios: [String: JSONValue]
    /// The configuration, its secrets left out (their defaults stand in on replay).
    package var configuration: AppConfiguration
    /// The wall time at the session's time 0.
    package var wallAtOrigin: Date
    /// The machine's offset from UTC at the start, in seconds: the inspector's times of day.
    package var utcOffset: Int
    /// The seeds of the mock endpoints' random draws (their place in the fault panel's list).
    package var seeds: [String: Int]

    package static let keys = [
        "format", "version", "program", "size", "colors", "backend", "challenge", "scenario", "scenarios", "config", "wall",
        "utcOffset", "seeds", "background",
    ]

    /// The header as written; `challenges` say which settings are secret.
    package func json(challenges: [Challenge]) -> JSONValue {
        let config = configuration.withoutSecrets(of: challenges).json
        var members: [String: JSONValue] = [
            "format": .string(SessionFormat.name),
            "version": .int(SessionFormat.version),
            "program": .string(program),
            "size": .array([.int(size.width), .int(size.height)]),
            "colors": .string(Self.name(of: colors)),
            "backend": .string(backend.rawValue),
            "challenge": challenge.map { .string($0.rawValue) } ?? .null,
            "scenario": .object(["name": .string(scenario.name), "definition": scenario.json]),
            "scenarios": .object(scenarios),
            "config": config,
            "wall": .number(wallAtOrigin.timeIntervalSince1970),
            "utcOffset": .int(utcOffset),
            "seeds": .object(seeds.mapValues { .int($0) }),
        ]
        if background != .dark { members["background"] = .string(background.rawValue) }
        return .object(members)
    }

    /// Reads a header; the format and version are checked first, so a file of another kind or
    /// version says so rather than naming a key. `challenges`: the registration the program was
    /// started with, whose challenges, keys and endpoints a recording may name.
    package init(_ reader: JSONReader, challenges: [Challenge]) throws(ConfigurationError) {
        guard case .object(let members) = reader.value, members["format"] == .string(SessionFormat.name) else {
            throw reader.error("not a challenge-tui recording (its first line has no \"format\": \"\(SessionFormat.name)\")")
        }
        guard members["version"] == .int(SessionFormat.version) else {
            throw reader.error(
                "a recording of format version \(members["version"]?.excerpt ?? "none"); this program reads version "
                    + "\(SessionFormat.version) only")
        }
        let header = try SessionObject(reader, known: Self.keys)
        program = try header("program").string(atMost: 100)
        let size = try header("size").array()
        guard size.count == 2 else { throw try header("size").error("expected [columns, rows]") }
        self.size = Size(width: try size[0].int(in: 1...Self.largestSide), height: try size[1].int(in: 1...Self.largestSide))
        let colors = try header("colors")
        guard let mode = Self.colorModes.first(where: { $0.name == (try? colors.string()) })?.mode else {
            throw colors.error("expected one of \(Self.colorModes.map(\.name).joined(separator: ", ")), got \(colors.value.excerpt)")
        }
        self.colors = mode
        background = try header.optional("background")?.choice(TerminalBackground.self) ?? .dark
        backend = try header("backend").choice(BackendKind.self)
        if let challenge = header.optional("challenge") {
            let name = try challenge.string(atMost: 100)
            guard let known = Challenge.named(ChallengeID(rawValue: name), in: challenges) else {
                throw challenge.error("no challenge called \(challenge.value.excerpt)")
            }
            self.challenge = known.id
        }
        let scenario = try SessionObject(try header("scenario"), known: ["name", "definition"])
        let name = try scenario("name").string(atMost: 100)
        guard ScenarioLibrary.isValidName(name) else { throw try scenario("name").error("not a scenario name") }
        self.scenario = try Scenario(json: try scenario("definition").value, name: name, file: reader.file, challenges: challenges)
        var scenarios: [String: JSONValue] = [:]
        for (key, definition) in try header("scenarios").dictionary() {
            guard ScenarioLibrary.isValidName(key) else { throw definition.error("not a scenario name") }
            _ = try Scenario(json: definition.value, name: key, file: reader.file, challenges: challenges)
            scenarios[key] = definition.value
        }
        self.scenarios = scenarios
        let config = try header("config")
        configuration = try AppConfiguration(
            json: config.value, file: "\(reader.file): config", over: .defaults(for: challenges), challenges: challenges
        ).withoutSecrets(of: challenges)
        wallAtOrigin = Date(timeIntervalSince1970: try header("wall").number("a time in seconds since 1970", in: 0...1e11))
        // What the recorder can write (`LocalTime.utcOffsets`), and nothing else.
        utcOffset = try header("utcOffset").int(in: LocalTime.utcOffsets)
        var seeds: [String: Int] = [:]
        for (key, seed) in try header("seeds").dictionary() { seeds[key] = try seed.int(in: 0...1_000_000) }
        self.seeds = seeds
    }

    package init(
        program: String, size: Size, colors: ColorMode, backend: BackendKind, challenge: ChallengeID?, scenario: Scenario,
        scenarios: [String: JSONValue], configuration: AppConfiguration, wallAtOrigin: Date, utcOffset: Int, seeds: [String: Int]
    ) {
        self.program = program
        self.size = size
        self.colors = colors
        self.backend = backend
        self.challenge = challenge
        self.scenario = scenario
        self.scenarios = scenarios
        self.configuration = configuration
        self.wallAtOrigin = wallAtOrigin
        self.utcOffset = utcOffset
        self.seeds = seeds
    }

    /// The widest or tallest terminal a recording may name.
    package static let largestSide = 1000

    private static let colorModes: [(name: String, mode: ColorMode)] = [
        ("24bit", .direct), ("256", .xterm256), ("16", .basic16), ("8", .basic8), ("none", .none),
    ]

    package static func name(of mode: ColorMode) -> String {
        colorModes.first { $0.mode == mode }?.name ?? "256"
    }
}
