@testable import AppShell
@testable import challenge_tui
import Core
@testable import Recording
import TUI

// A fourth challenge, made by following Docs/architecture.md, "Adding a challenge", step by step,
// and registered from this test target only: `FourthChallengeTests` hands the shell
// `Challenge.all + [.settings]`. Nothing outside this file knows it.

// MARK: 1. The contract: endpoint names and paths

enum SettingsEndpoint: String, CaseIterable, Sendable {
    case load, save
    var path: String { self == .load ? "/settings" : "/settings/save" }
}

extension EndpointName {
    static let settingsLoad = EndpointName("settingsLoad")
    static let settingsSave = EndpointName("settingsSave")
}

// MARK: 2. The domain: state, a pure reducer, events, effects, an API with a mock, a runtime

struct SettingsState: Equatable, Sendable {
    var theme: String?
    var isLoading = false
    var isSaving = false
    var savedCount = 0
    var problem: String?

    mutating func reduce(_ event: SettingsEvent) -> [SettingsEffect] {
        switch event {
        case .appeared:
            isLoading = true
            return [.load]
        case .left:
            return []
        case .loaded(.success(let theme)):
            isLoading = false
            self.theme = theme
        case .loaded(.failure(let error)), .saved(.failure(let error)):
            isLoading = false
            isSaving = false
            problem = error.message
        case .toggleTheme:
            guard let current = theme, !isSaving else { return [] }
            theme = current == "dark" ? "light" : "dark"
        case .save:
            guard let theme, !isSaving else { return [] }
            isSaving = true
            return [.save(theme)]
        case .saved(.success):
            isSaving = false
            savedCount += 1
        }
        return []
    }
}

enum SettingsEvent: Sendable {
    case appeared, left, toggleTheme, save
    case loaded(Result<String, APIError>)
    case saved(Result<Void, APIError>)
}

enum SettingsEffect: RunnableEffect, Equatable {
    case load
    case save(String)
}

protocol SettingsAPI: Sendable {
    func load() async throws(APIError) -> String
    func save(theme: String) async throws(APIError)
}

/// Plays the mock endpoints (delays and failures from the scenario and the fault panel) and
/// reports each request to the monitor, as the HTTP backend's would be (the network inspector).
struct MockSettingsAPI: SettingsAPI {
    let load: MockEndpoint
    let save: MockEndpoint
    let theme: String
    let clock: any Clock<Duration>
    let monitor: NetworkMonitor

    func load() async throws(APIError) -> String {
        try await request(.load, on: load)
        return theme
    }

    func save(theme: String) async throws(APIError) {
        try await request(.save, on: save)
    }

    private func request(_ endpoint: SettingsEndpoint, on mock: MockEndpoint) async throws(APIError) {
        let token = monitor.begin(method: endpoint == .load ? "GET" : "POST", path: endpoint.path, transport: .simulated)
        let outcome: SimulatedOutcome
        do {
            outcome = try await mock.play(on: clock)
        } catch {
            monitor.end(token, .failure(error))
            throw error
        }
        if case .failure(let failure) = outcome {
            monitor.end(token, .failure(failure.apiError))
            throw failure.apiError
        }
        monitor.end(token, .response(status: 200))
    }
}

struct SettingsRuntime: Sendable {
    let api: any SettingsAPI

    func perform(_ effect: SettingsEffect, send: @escaping @Sendable (SettingsEvent) -> Void) async {
        switch effect {
        case .load:
            do { send(.loaded(.success(try await api.load()))) } catch { send(.loaded(.failure(error))) }
        case .save(let theme):
            do {
                try await api.save(theme: theme)
                send(.saved(.success(())))
            } catch {
                send(.saved(.failure(error)))
            }
        }
    }
}

// MARK: 3. The views and the feature, and its backend as a dependency

struct SettingsFeature: Feature {
    typealias Event = SettingsEvent
    typealias Effect = SettingsEffect
    enum Target: Hashable, Sendable { case theme }

    private(set) var state = SettingsState()
    private let runtime: SettingsRuntime

    init(environment: AppEnvironment) {
        runtime = SettingsRuntime(api: environment[SettingsAPIKey.self])
    }

    static var appeared: SettingsEvent { .appeared }
    static var left: SettingsEvent { .left }

    mutating func reduce(_ event: SettingsEvent, at now: Duration) -> [SettingsEffect] { state.reduce(event) }

    var perform: EffectRunner<SettingsEffect, SettingsEvent>.Perform {
        let runtime = runtime
        return { effect, send in await runtime.perform(effect, send: send) }
    }

    func command(for mouse: MouseEvent, on target: Target) -> FeatureCommand<SettingsEvent>? {
        guard case .press(.left) = mouse.action else { return nil }
        return .send(.toggleTheme)
    }

    // Its keys with what each does: `command(for:)` reads them (Feature's default).
    var keyMap: KeyMap<SettingsFeature, FeatureCommand<SettingsEvent>> { Self.keys }
    static let keys = KeyMap<SettingsFeature, FeatureCommand<SettingsEvent>>("Settings", [
        KeyBinding(
            [.char("d")], bar: "d", label: "theme", help: "switch between the light and the dark theme",
            action: { _, _ in .send(.toggleTheme) }),
        KeyBinding([.char("s")], bar: "s", label: "save", help: "save the preferences", action: { _, _ in .send(.save) }),
    ])

    var isAnimating: Bool { state.isLoading || state.isSaving }

    func render(in area: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        let inner = Frame(title: "Settings", titleStyle: .bold).draw(in: area, on: &canvas).inset(horizontal: 2, vertical: 1)
        let theme = state.isLoading ? "Loading preferences…" : "Theme: \(state.theme ?? "—")"
        let themeRow = Rect(x: inner.x, y: inner.y, width: inner.width, height: 1)
        canvas.put(theme, at: themeRow.origin, style: .bold, clipTo: inner)
        canvas.addHitRegion(themeRow, Target.theme)
        let status = state.problem ?? (state.isSaving ? "Saving…" : state.savedCount > 0 ? "Saved \(state.savedCount)×" : "Not saved yet")
        canvas.put(status, at: Point(x: inner.x, y: inner.y + 2), style: .dim, clipTo: inner)
        return nil
    }

    // The same state in sentences, for the screen-reader mode (Docs/screen-reader.md).
    func spoken(at now: Duration) -> Spoken {
        Spoken(
            place: "Settings. d switches the theme, s saves, q leaves the challenge.",
            topics: [
                Spoken.Topic("theme", state.isLoading ? "Loading preferences." : "Theme: \(state.theme ?? "none")."),
                Spoken.Topic("status", state.problem ?? (state.isSaving ? "Saving." : state.savedCount > 0 ? "Saved." : "")),
            ])
    }
}

/// The backend, made once from the environment's generic parts and kept for the app's lifetime.
enum SettingsAPIKey: DependencyKey {
    static func make(_ environment: AppEnvironment) -> any SettingsAPI {
        MockSettingsAPI(
            load: environment.mock.endpoint(.settingsLoad), save: environment.mock.endpoint(.settingsSave),
            theme: environment.configuration[SettingsSettings.theme], clock: environment.clock, monitor: environment.monitor)
    }
}

/// Its answers in a recording (Docs/recording.md): every event, one by one, so a new one does
/// not compile until it is written or said to be no answer.
extension SettingsFeature: RecordableFeature {
    static func recordAnswer(_ event: SettingsEvent, blobs: SessionBlobs) -> JSONValue? {
        switch event {
        case .loaded(let result): .object(["loaded": SessionValues.json(result, { .string($0) }, SessionValues.json)])
        case .saved(let result): .object(["saved": SessionValues.json(result, { _ in .bool(true) }, SessionValues.json)])
        case .appeared, .left, .toggleTheme, .save: nil
        }
    }

    static func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> SettingsEvent {
        let object = try SessionObject(reader, known: ["loaded", "saved"])
        if let loaded = object.optional("loaded") {
            return .loaded(try SessionValues.result(loaded, { theme throws(ConfigurationError) in try theme.string(atMost: 10) }, SessionValues.apiError))
        }
        if let saved = object.optional("saved") {
            return .saved(try SessionValues.result(saved, { _ in () }, SessionValues.apiError))
        }
        throw reader.error("not an answer the settings challenge receives")
    }
}

// MARK: 4. One registration

extension ChallengeID { static let settings = ChallengeID(rawValue: "settings") }

/// Its key in the configuration file: `"settingsTheme": "light"`, read by its own code.
enum SettingsSettings {
    static let theme = ChallengeSetting<String>(
        ["settingsTheme"], default: "light",
        read: { reader throws(ConfigurationError) in
            let theme = try reader.string()
            guard ["light", "dark"].contains(theme) else { throw reader.error("expected \"light\" or \"dark\", got \(reader.value.excerpt)") }
            return theme
        },
        write: { .string($0) })
}

extension Challenge {
    static let settings = Challenge(
        id: .settings, title: "Settings", summary: "Load and save preferences",
        endpoints: [.settingsLoad, .settingsSave], extraFaults: [.timeout, .offline],
        makeScreen: { environment in FeatureHost(SettingsFeature(environment: environment), executor: environment.executor) },
        settings: [SettingsSettings.theme.erased],
        serverFaults: ["the mock backend only, there is no settings server"],
        keyGuides: { [NamedKeyGuide(name: "settings", guide: SettingsFeature.keys.guide)] },
        dependencies: [SettingsAPIKey.self])
}
