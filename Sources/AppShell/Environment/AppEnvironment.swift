import Core
import FoundationEssentials
import TUI

/// The app's dependencies, built once, whole, from the command line, the environment, the
/// configuration files and the terminal: the encrypted store, the clock, the network monitor, the
/// logger, the mock endpoints and the HTTP client (the store and the client made on first use). It knows no challenge: each challenge makes its own backend
/// from these, once, through a `DependencyKey` (see Docs/architecture.md).
public final class AppEnvironment {
    /// The challenges this run offers (the program's list, `Challenge.all`; tests may add or stand
    /// in for some):
    /// the launcher lists them, and their registrations decide the endpoints, the configuration's
    /// and scenarios' keys and the live tools' rows.
    public let challenges: [Challenge]
    public let options: LaunchOptions
    public let configuration: AppConfiguration
    /// The mock backend's scenario (also set, but unused, with the HTTP backend).
    public let scenario: Scenario
    /// The one time source: the loop, the runtimes, the logger and the store read it.
    public let time: TimeSource
    /// The clock waits run on (the time source's).
    public var clock: any Clock<Duration> { time.clock }
    public let monitor: NetworkMonitor
    public let logger: Logger
    /// The encrypted store, opened on first use: the launcher's first frame does not wait for
    /// the key (Docs/performance.md); the shell asks for it right after that frame.
    public var store: any RecordStore { openedStore.value.store }
    /// Why the encrypted store could not be opened; the app then keeps data in memory only.
    public var storeProblem: StoreError? { openedStore.value.problem }
    private let openedStore: MadeOnFirstUse<(store: any RecordStore, problem: StoreError?)>
    /// The named scenarios the fault panel offers (built in, and the user's folder).
    public let scenarioLibrary: ScenarioLibrary
    /// The mock backend's endpoints and the scenario it runs, made once from the scenario and
    /// shared by the mock APIs and the shell (which makes the fault panel's changes). Also made,
    /// but unused, with the HTTP backend.
    public let mock: MockBackend
    /// The process environment as the app was given it (tokens may come from there).
    package let variables: [String: String]
    /// Where effects run: nil for the global executor; tests pass an executor they drive.
    package let executor: (any TaskExecutor)?
    /// The colours pictures are drawn in: the started terminal's (`ChallengeTUI` hands over the
    /// terminal's); in headless tests, 256 colours unless `NO_COLOR` or `--no-color` says none.
    public let pictureColorMode: () -> ColorMode
    /// The terminal's background, for pictures without colour.
    public let background: BackgroundState
    /// The zone times are shown in (the launcher's "synced 01:06"); nil: the machine's. Tests
    /// fix one, so what they draw does not depend on the machine's.
    public let timeZone: TimeZone?
    /// The HTTP client, made on first use (`httpClient`).
    private let http: MadeOnFirstUse<CurlHTTPClient>
    /// "HTTP backend at <server URL>", made once: the launcher draws it at every frame.
    private let httpDescription: MadeOnFirstUse<String>
    /// One value per `DependencyKey` the challenges declare, each made on first read.
    private let dependencies: [ObjectIdentifier: DependencyValue]

    /// `store` and `storeProblem`: a store already open (or in memory, and why); `openStore`,
    /// when given, opens it on first use instead. `pictureColorMode` and `backgroundAtStart`: the
    /// terminal's, once started (nil: decided from the environment; dark).
    public init(
        options: LaunchOptions, configuration: AppConfiguration? = nil, scenario: Scenario? = nil,
        environment: [String: String] = [:], time: TimeSource = .system,
        store: any RecordStore = InMemoryRecordStore(), storeProblem: StoreError? = nil,
        openStore: (() -> (any RecordStore, StoreError?))? = nil, logger: Logger = .disabled,
        scenarioLibrary: ScenarioLibrary? = nil, executor: (any TaskExecutor)? = nil,
        pictureColorMode: (() -> ColorMode)? = nil, backgroundAtStart: (() -> TerminalBackground)? = nil,
        timeZone: TimeZone? = nil, challenges: [Challenge]
    ) {
        // nil: the built-in defaults and scenario of `challenges`.
        let configuration = configuration ?? .defaults(for: challenges)
        let scenario = scenario ?? .builtInDefault(for: challenges)
        self.challenges = challenges
        self.options = options
        self.configuration = configuration
        self.scenario = scenario
        self.variables = environment
        self.time = time
        let monitor = NetworkMonitor(time: time, logger: logger)
        self.monitor = monitor
        self.logger = logger
        self.openedStore = openStore.map { open in MadeOnFirstUse { open() } } ?? MadeOnFirstUse(made: (store, storeProblem))
        self.scenarioLibrary = scenarioLibrary ?? ScenarioLibrary(directory: nil, challenges: challenges)
        self.executor = executor
        self.mock = MockBackend(challenges.flatMap(\.endpoints), running: scenario)
        let colorMode = ColorMode.decide(colors: 256, environment: environment, noColorFlag: options.noColor)
        self.pictureColorMode = pictureColorMode ?? { colorMode }
        self.background = BackgroundState(atStart: backgroundAtStart ?? { .dark })
        self.timeZone = timeZone
        self.dependencies = Dictionary(challenges.flatMap(\.dependencies).map { (ObjectIdentifier($0), DependencyValue($0)) }) { first, _ in first }
        self.httpDescription = MadeOnFirstUse { [serverURL = configuration.serverURL] in "HTTP backend at \(serverURL.absoluteString)" }
        self.http = MadeOnFirstUse {
            CurlHTTPClient(
                time: time, timeout: configuration.requestTimeout, limits: configuration.responseLimits, monitor: monitor,
                logger: logger)
        }
    }

    /// The value `key` makes from this environment, made on first use and kept for the app's
    /// lifetime (a mock backend keeps what was saved from one visit of a challenge to the next).
    package subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        // A key no challenge of this run declares is a programming error, caught by the first test
        // that reads it.
        guard let made = dependencies[ObjectIdentifier(key)]?.value(in: self) as? Key.Value else {
            preconditionFailure("\(key) is not among the dependencies of this run's challenges (Challenge.dependencies)")
        }
        return made
    }

    /// The environment of a run, from what `Inputs.read` found and the terminal the app runs on
    /// (its colours and background once started; nil: decided from the environment; dark).
    public convenience init(
        _ inputs: Inputs, pictureColorMode: (() -> ColorMode)? = nil, backgroundAtStart: (() -> TerminalBackground)? = nil
    ) {
        self.init(
            options: inputs.options, configuration: inputs.configuration, scenario: inputs.scenario, environment: inputs.variables,
            time: inputs.time, openStore: inputs.openStore, logger: inputs.logger, scenarioLibrary: inputs.scenarios,
            pictureColorMode: pictureColorMode, backgroundAtStart: backgroundAtStart, challenges: inputs.challenges)
    }

    /// What a run's environment is made of, read and checked before the terminal is touched.
    public struct Inputs {
        package let options: LaunchOptions
        package let configuration: AppConfiguration
        package let scenario: Scenario
        package let scenarios: ScenarioLibrary
        package let variables: [String: String]
        package let time: TimeSource
        package let logger: Logger
        /// Opens the encrypted store (on first use: the launcher's first frame does not wait).
        package let openStore: () -> (any RecordStore, StoreError?)
        package let challenges: [Challenge]
    }
}

extension AppEnvironment.Inputs {
    /// Reads the configuration (`--config FILE`, else the user's `config.json`, over the built-in
    /// defaults), the scenario, opens the log and says how to open the encrypted store. Nothing is
    /// read from the current directory or the program's folder (Docs/configuration.md, "Where
    /// settings come from"). Bad input is a `LaunchError`; a store that can't be opened is not
    /// (the app runs, says so, and keeps data in memory).
    public static func read(
        options: LaunchOptions, environment: [String: String], challenges: [Challenge]
    ) throws(LaunchError) -> AppEnvironment.Inputs {
        let time = TimeSource.system
        var configuration = AppConfiguration.defaults(for: challenges)
        if let file = options.configFile ?? AppPaths.userConfigFile(environment: environment) {
            do {
                configuration = try AppConfiguration.load(from: file, over: configuration, challenges: challenges)
            } catch {
                throw LaunchError(error.message)
            }
        }
        if let server = options.serverURL {
            guard let url = URL(string: server) else { throw LaunchError("--server: \(server.quoted()) is not a URL") }
            configuration.serverURL = url
        }
        for option in challenges.flatMap(\.options) {
            if let value = options.challengeOptions[option.flag] { try option.apply(value, &configuration) }
        }
        // A variable that stands for a configuration key is checked as strictly as the file's
        // value: a token goes into a header as it is, and a line break or a colon in it could
        // forge headers (Docs/security.md).
        for setting in challenges.flatMap(\.settings) {
            guard let variable = setting.variable?.term, let value = environment[variable] else { continue }
            do {
                _ = try setting.read(JSONReader(file: variable, value: .string(value.trimmingWhitespace())))
            } catch {
                throw LaunchError(error.message)
            }
        }
        // libcurl is loaded on first use; with the HTTP backend, find out now whether it is there.
        if options.backend == .http, let problem = CurlHTTPClient.unavailability() {
            throw LaunchError("--backend http: \(problem)", exitStatus: 1)
        }

        let scenarios = ScenarioLibrary(environment: environment, challenges: challenges)
        let scenarioName = options.scenario ?? configuration.scenario
        let scenario: Scenario
        // The default scenario is built in as a value equal to `Config/scenarios/default.json` (a
        // test keeps them equal), so nothing is parsed for it at start-up (Docs/performance.md).
        if scenarioName == Scenario.defaultName {
            scenario = .builtInDefault(for: challenges)
        } else {
            do {
                scenario = try scenarios.load(scenarioName)
            } catch {
                throw LaunchError(error.message)
            }
        }

        var logger = Logger.disabled
        if let path = options.logFile {
            do {
                logger = try Logger(path: path, time: time)
            } catch {
                // A folder or a FIFO is a mistake in the command line; a file that can't be
                // opened is the system's refusal.
                throw LaunchError("--log: \(error.message)", exitStatus: error.isWrongKind ? 2 : 1)
            }
        }

        // Only the key's variables are kept for the opening, and nothing downstream sees them.
        let keyVariables = environment.filter { ProcessHardening.secretVariables.contains($0.key) }
        let variables = environment.filter { !ProcessHardening.secretVariables.contains($0.key) }
        let dataDirectory = options.dataDirectory
        let tidies = challenges.compactMap(\.tidyStore)
        let openStore = { [logger] () -> (any RecordStore, StoreError?) in
            do throws(StoreError) {
                let store = try EncryptedFileStore.open(dataDirectory: dataDirectory, environment: variables.merging(keyVariables) { $1 }, time: time)
                if let mode = store.folderMadePrivateFrom {
                    logger.info(
                        "store", "the data folder \(store.directory) was open to other users (mode \(String(mode, radix: 8))); made private (700)")
                }
                if !store.staleTempFilesRemoved.isEmpty {
                    logger.info(
                        "store",
                        "removed \(store.staleTempFilesRemoved.count) temp file(s) left by writes that never finished "
                            + "(their program had died): \(store.staleTempFilesRemoved.joined(separator: ", "))")
                }
                // The folder's lock is held: no other copy writes while each challenge tidies.
                for tidy in tidies { tidy(store, logger) }
                return (store, nil)
            } catch {
                logger.warning("store", error.message + " — nothing will be kept")
                return (InMemoryRecordStore(), error)
            }
        }
        return AppEnvironment.Inputs(
            options: options, configuration: configuration, scenario: scenario, scenarios: scenarios, variables: variables,
            time: time, logger: logger, openStore: openStore, challenges: challenges)
    }
}

extension AppEnvironment {
    // MARK: Backends

    /// One line for the launcher and status lines: "mock backend (scenario default)" or
    /// "HTTP backend at <server URL>".
    public var backendDescription: String {
        switch options.backend {
        case .mock: mock.backendDescription
        case .http: httpDescription.value
        }
    }

    /// Created on first use only: loading the networking stack costs time at start-up.
    package var httpClient: CurlHTTPClient { http.value }
}
