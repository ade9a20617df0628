@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI
import TUITesting

/// The network inspector (`n`) and the fault panel (`f`) in the running shell, headless:
/// snapshots at 80×24, their keys, and the fault panel's effect on the next mock request.
@Suite(.timeLimit(.minutes(10))) struct LiveToolsTests {
    /// The screen with the time of day (the wall clock, the one thing a test can't fix) masked.
    func masked(_ app: ShellHarness) -> String {
        app.screen.replacing(#/\d\d:\d\d:\d\d/#, with: "hh:mm:ss")
    }

    /// A few requests on the monitor: two through the mock backend, the rest reported directly.
    func recordRequests(_ app: ShellHarness) async throws {
        let monitor = app.environment.monitor
        let first = monitor.begin(method: "GET", path: "/rLogin", attempt: 1)
        app.clock.advance(by: .milliseconds(1_200))
        monitor.end(first, .failure(.http(status: 500, body: "Something went wrong")))
        _ = try await app.environment.navigationAPI.login(attempt: 2)
        let articles = monitor.begin(method: "GET", path: "/articles", attempt: 1)
        app.clock.advance(by: .milliseconds(2_300))
        monitor.end(articles, .failure(.timedOut))
        _ = try await app.environment.articlesAPI.fetchArticles(attempt: 2)
        let password = monitor.begin(method: "POST", path: "/password/change", isSensitive: true)
        app.clock.advance(by: .milliseconds(450))
        monitor.end(password, .failure(.http(status: 422, body: "")))
        _ = monitor.begin(method: "POST", path: "/profiles/update", headers: ["Authorization": "Bearer eyJhbGciOi.abc.def"])
        app.clock.advance(by: .milliseconds(700))
    }

    @Test func inspectorAt80x24ListsTheRequestsNewestLastBelowTheScreen() async throws {
        let app = try ShellHarness()
        try await recordRequests(app)
        app.press(.char("n"))
        try await app.waitFor("6 requests")
        expectSnapshot(masked(app), named: "inspector-80x24")
        // Failures stand out without colour (bold), the title too; the time is dim.
        #expect(app.terminal.canvas.style(at: Point(x: 48, y: 17)).bold)
        #expect(!app.terminal.canvas.style(at: Point(x: 48, y: 18)).bold)
        #expect(app.terminal.canvas.style(at: Point(x: 3, y: 15)).bold)
        #expect(app.terminal.canvas.style(at: Point(x: 1, y: 17)).dim)
        #expect(!app.screen.contains("eyJ"))
        #expect(!app.screen.contains("Bearer"))
    }

    /// Enter on the inspector's last row shows that request in full; ↑ first picks an older one;
    /// Esc closes it (Docs/live-tools.md, "One request in full").
    @Test func enterShowsOneRequestInFullAndEscClosesIt() async throws {
        let app = try ShellHarness(size: Size(width: 100, height: 40))
        let monitor = app.environment.monitor
        let long = "/articles?page=2&sort=newest&filter=" + String(repeating: "abcdefghij", count: 8) + "&token=sekrit"
        let first = monitor.begin(method: "GET", path: long, attempt: 1, headers: ["Accept": "application/json", "Authorization": "Bearer abc.def"])
        app.clock.advance(by: .milliseconds(800))
        monitor.end(first, .failure(.http(status: 500, body: "")), responseBody: Data("Something went wrong\nsecond line".utf8))
        app.clock.advance(by: .seconds(2))
        let second = monitor.begin(method: "GET", path: long, attempt: 2, headers: ["Accept": "application/json", "Authorization": "Bearer abc.def"])
        app.clock.advance(by: .milliseconds(300))
        monitor.end(second, .response(status: 200), responseBody: Data(#"[{"id":1,"password":"hunter2"}]"#.utf8))
        _ = monitor.begin(method: "GET", path: "/rLogin", attempt: 1)
        app.press(.char("n"))
        try await app.waitFor("3 requests")
        app.press(.up, .enter)
        let screen = masked(app)
        #expect(screen.contains(" GET\n /articles?page=2&sort=newest&filter=abcdefghij"), "\(screen)")
        #expect(screen.contains("&token=[redacted] (mock backend)"))
        #expect(screen.contains("Status 200 · took 300ms · try #2"))
        #expect(screen.contains("2 attempts:"))
        #expect(screen.contains("#1 hh:mm:ss 500 800ms"))
        #expect(screen.contains("#2 hh:mm:ss 200 300ms after a 2.0s wait"))
        #expect(screen.contains("Accept: application/json"))
        #expect(screen.contains("Authorization: [redacted]") && !screen.contains("abc.def"))
        #expect(screen.contains("Answer: 34 bytes, first lines:") && screen.contains(#"[{"id":1,"password":"[redacted]"}]"#), "\(screen)")
        #expect(!screen.contains("hunter2") && !screen.contains("sekrit"))
        #expect(screen.contains("filter=abcdefghij") && screen.contains("abcdefghij&token"), "the whole URL, wrapped")
        #expect((app.lines.last ?? "").contains("Esc close detail"))
        app.press(.escape)
        #expect(app.contains("3 requests") && !app.contains("2 attempts:"))
        #expect((app.lines.last ?? "").contains("Esc to screen"), "the keys stay with the inspector")
    }

    @Test func theInspectorScrollsToTheNewest() async throws {
        let app = try ShellHarness()
        for attempt in 1...12 {
            _ = try await app.environment.articlesAPI.fetchArticles(attempt: attempt)
        }
        app.press(.char("n"))
        try await app.waitFor("12 requests")
        #expect(app.lines[17].contains("#7"))
        #expect(app.lines[22].contains("#12"))
        #expect(!app.contains(" #6 "))
    }

    @Test func aRequestInFlightShowsALiveElapsedTimeAndAnimatesOnlyMeanwhile() async throws {
        let app = try ShellHarness()
        app.press(.char("n"))
        #expect(app.contains("No requests yet: open a challenge."))
        #expect(!app.loop.context.isScheduled("shell.animation"), "idle: no redraws")
        let monitor = app.environment.monitor
        let token = monitor.begin(method: "GET", path: "/rFetchExperiments")
        try await app.waitFor("0ms…")
        #expect(app.loop.context.isScheduled("shell.animation"))
        try await app.advance(by: .milliseconds(1_500))
        try await app.waitFor("1.5s…")
        monitor.end(token, .response(status: 200))
        try await app.waitFor("1.5s  #1")
        #expect(!app.loop.context.isScheduled("shell.animation"))
        app.press(.char("n"))
        #expect(!app.contains("Network ·"))
        #expect(app.lines[23].hasSuffix("q quit · n network"))
    }

    @Test func inspectorAt60x20IsShorterAndFits() async throws {
        let app = try ShellHarness(size: Size(width: 60, height: 20))
        try await recordRequests(app)
        app.press(.char("n"))
        try await app.waitFor("6 requests")
        #expect(app.lines[12].hasPrefix("━ Network · 6 requests"))
        #expect(app.lines[13] == " verb path                  status       took try next")
        #expect(app.lines[18].hasPrefix(" POST /profiles/update      pending    700ms…  #1"))
        #expect(app.lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }

    @Test func faultPanelAt80x24ListsEveryEndpointWithItsDelayAndOutcome() throws {
        let app = try ShellHarness(scenario: .builtInDefault)
        app.press(.char("f"), .down, .right, .right, .char("+"))
        #expect(app.screen == """
            ╭─ challenge-tui ──────────────────────────────────────────────────────────────╮
            │                                                                              │
            │  Mobile coding challenges, as terminal apps.                                 │
            │  ╭─ Fault panel · mock backend ───────────────────────────────────────────╮  │
            │  │                                                                        │  │
            │  │  Scenario default  (s: next scenario)                                  │  │
            │  │                                                                        │  │
            │  │    rLogin            0.5–2 s   fail next 1 (500)                       │  │
            │  │  ▸ rFetchExperiments 1–3 s     fail next 3 (500)                       │  │
            │  │    rSubmitSelection  0.5–2 s   always succeed                          │  │
            │  │    next experiment             random                                  │  │
            │  │    articles          0.5–2 s   always succeed                          │  │
            │  │    images            0.2–0.6 s always succeed                          │  │
            │  │    profile           0.5–2 s   always succeed                          │  │
            │  │    profileUpdate     0.5–2 s   always succeed                          │  │
            │  │    passwordChange    0.5–2 s   always succeed                          │  │
            │  │                                                                        │  │
            │  │  Changes apply to the next request.                                    │  │
            │  │                                                                        │  │
            │  ╰────────────────────────────────────────────────────────────────────────╯  │
            │  Mock backend (scenario default)                                             │
            │                                                                              │
            ╰──────────────────────────────────────────────────────────────────────────────╯
            ↑↓ choose · ←→ outcome · +- delay · s scenario · f close
            """)
        // The chosen row is reversed and bold; the screen behind is dimmed.
        #expect(app.terminal.canvas.style(at: Point(x: 8, y: 8)).reverse)
        #expect(!app.terminal.canvas.style(at: Point(x: 8, y: 7)).reverse)
        #expect(app.terminal.canvas.style(at: Point(x: 3, y: 2)).dim)
        #expect(app.environment.mock.endpoint(.rFetchExperiments).behaviour
            == EndpointBehaviour(delay: 1...3, outcomes: .failNext(3, .status(500))))
        app.press(.escape)
        #expect(!app.contains("Fault panel"))
        #expect(app.contains("▸ 1  Navigation flow"))
    }

    @Test func theFaultPanelsChangeAppliesToTheNextMockRequest() async throws {
        let app = try ShellHarness()
        _ = try await app.environment.navigationAPI.login(attempt: 1)
        app.press(.char("f"), .right, .char("f"))
        await #expect(throws: APIError.http(status: 500, body: MockNavigationAPI.loginFailureBody)) {
            try await app.environment.navigationAPI.login(attempt: 2)
        }
        #expect(app.environment.monitor.history.map(\.outcome.status) == [200, 500])

        // "fail next 3" counts down as requests come, and the open panel follows.
        app.press(.char("f"), .down, .down, .down, .down, .right, .right)
        #expect(app.contains("▸ articles          instant   fail next 3 (500)"))
        await #expect(throws: APIError.http(status: 500, body: "")) {
            try await app.environment.articlesAPI.fetchArticles(attempt: 1)
        }
        try await app.waitFor("articles          instant   fail next 2 (500)")

        // A longer delay applies to the next request too.
        app.press(.char("+"), .char("+"), .char("+"))
        #expect(app.contains("articles          1–3 s     fail next 2 (500)"))
        let articles = app.environment.articlesAPI
        let pending = Task(executorPreference: app.executor) { try? await articles.fetchArticles(attempt: 2) }
        try app.sleepers(atLeast: 1)
        let waited = try #require(app.clock.advanceToNextDeadline())
        #expect(waited >= .seconds(1) && waited <= .seconds(3))
        try app.runUntilQuiet()
        _ = await pending.value
    }

    /// `f` then `←` changes the row the panel was left on, not the first one; each place the
    /// panel opens on (a challenge, the launcher) keeps its own row.
    @Test func theFaultPanelKeepsItsRowFromOneOpeningToTheNext() throws {
        var options = LaunchOptions()
        options.challenge = .navigation
        let app = try ShellHarness(options: options)
        app.press(.char("f"), .down, .down, .escape)
        #expect(app.shell.faultPanel == nil)
        app.press(.char("f"))
        #expect(app.contains("▸ rSubmitSelection"))
        app.press(.left)
        #expect(app.environment.mock.endpoint(.rSubmitSelection).behaviour.outcomes == .alwaysFail(.offline))
        #expect(app.environment.mock.endpoint(.rLogin).behaviour == .instant, "the first row is left alone")

        // On the launcher the panel lists every challenge and keeps a row of its own.
        app.press(.char("f"), .char("q"))
        #expect(app.shell.currentChallenge == nil)
        app.press(.char("f"))
        #expect(app.contains("▸ rLogin"))
        app.press(.down, .down, .down, .down, .char("f"), .char("f"))
        #expect(app.contains("▸ articles"))
        app.press(.char("f"), .char("1"), .char("f"))
        #expect(app.contains("▸ rSubmitSelection"), "back on the flow, its own row")
    }

    @Test func theFlowsNextExperimentCanBeForced() async throws {
        let app = try ShellHarness()
        app.press(.char("f"), .down, .down, .down)
        #expect(app.contains("▸ next experiment             random"))
        app.press(.right, .right)
        #expect(app.contains("▸ next experiment             screenB2"))
        #expect(try await app.environment.navigationAPI.fetchExperiment() == .screenB2)
        app.press(.left, .left)
        #expect(app.environment.mockNavigationAPI?.experimentSource == .random(seed: 7))
    }

    @Test func theScenarioPickerAppliesTheChosenScenarioToEveryEndpoint() throws {
        let app = try ShellHarness(scenarioLibrary: ScenarioBehaviourTests.library)
        app.press(.char("f"), .char("s"))
        #expect(app.contains("Scenario default"))
        #expect(app.environment.mock.endpoint(.rLogin).behaviour == Scenario.builtInDefault.behaviour(for: .rLogin))
        app.press(.char("s"), .char("s"), .char("s"))
        #expect(app.contains("Scenario login-down"))
        #expect(app.environment.mock.endpoint(.rLogin).behaviour.outcomes == .failNext(5, .status(500)))
        app.press(.char("s"))
        #expect(app.contains("Scenario offline"))
        for endpoint in EndpointName.all where endpoint != .articles {
            #expect(app.environment.mock.endpoint(endpoint).behaviour.outcomes == .alwaysFail(.offline))
        }
        // It stays chosen when the panel opens again.
        app.press(.char("f"), .char("f"))
        #expect(app.contains("Scenario offline"))
    }

    @Test func aBrokenScenarioFileIsReportedInThePanelAndChangesNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-tools-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("broken.json"))
        let app = try ShellHarness(scenarioLibrary: ScenarioLibrary(directory: folder.path, builtIn: [:]))
        app.press(.char("f"), .char("s"))
        #expect(app.contains("Scenario instant"))
        #expect(app.contains("broken.json"))
        #expect(app.environment.mock.endpoint(.rLogin).behaviour == .instant)
    }

    @Test func withTheHTTPBackendThePanelExplainsHowToStartTheServerWithFaults() throws {
        var options = LaunchOptions()
        options.backend = .http
        let app = try ShellHarness(options: options)
        app.press(.char("f"))
        #expect(app.screen == """
            ╭─ challenge-tui ──────────────────────────────────────────────────────────────╮
            │                                                                              │
            │  Mobile coding challenges, as terminal apps.                                 │
            │                                                                              │
            │  ╭─ Fault panel · HTTP backend (http://127.0.0.1:3000) ──────────────────╮d  │
            │  │                                                                       │   │
            │  │ With the HTTP backend the server decides how slow and how broken it   │   │
            │  │ is. Stop challenge-server and start it again with overrides:          │t  │
            │  │                                                                       │   │
            │  │ • challenge-server 3 false 15 true 4 false — rLogin fails after 3 s,  │   │
            │  │ rFetchExperiments succeeds after 15 s, rSubmitSelection fails after 4 │t  │
            │  │ s; --experiment screenB2 forces the experiment                        │   │
            │  │ • challenge-server --articles-fail 3 — the first 3 article requests   │   │
            │  │ answer 500                                                            │   │
            │  │ • challenge-server --profile-fail 2 — the first 2 profile requests    │   │
            │  │ answer 500                                                            │   │
            │  │ • --seed N repeats the random draws, --help lists every option.       │   │
            │  │                                                                       │   │
            │  ╰───────────────────────────────────────────────────────────────────────╯   │
            │                                                                              │
            │  HTTP backend at http://127.0.0.1:3000                                       │
            │                                                                              │
            ╰──────────────────────────────────────────────────────────────────────────────╯
            f close
            """)
        app.press(.down, .right)
        #expect(app.contains("Fault panel · HTTP backend"), "other keys do nothing")
        #expect(!app.contains("swift run"), "the installed program has no swift run")
        app.press(.char("f"))
        #expect(!app.contains("Fault panel"))
    }

    /// After `s`, the launcher and the challenges' status lines name the scenario now in use.
    @Test func theScenarioLoadedWithSIsTheOneTheStatusLinesName() throws {
        let app = try ShellHarness()
        #expect(app.contains("Mock backend (scenario instant)"))
        app.press(.char("f"), .char("s"))
        let line = try #require(app.screen.split(separator: "\n").first { $0.contains("Scenario ") })
        let name = try #require(line.split(separator: "Scenario ").last?.split(separator: " ").first.map(String.init))
        #expect(name != "instant")
        app.press(.char("f"))
        #expect(app.contains("Mock backend (scenario \(name))"), "\(app.screen)")
        app.press(.char("1"))
        #expect(app.contains("mock backend (scenario \(name))"), "\(app.screen)")
    }

    /// The commands it gives start the server on the port the app uses.
    @Test func theHTTPHintNamesThePortInUse() throws {
        var options = LaunchOptions()
        options.backend = .http
        var configuration = AppConfiguration.defaults
        configuration.serverURL = try #require(URL(string: "http://127.0.0.1:3001"))
        let app = try ShellHarness(options: options, size: Size(width: 120, height: 30), configuration: configuration)
        app.press(.char("f"))
        #expect(app.contains("• challenge-server --port 3001 --articles-fail 3 — the first 3 article"), "\(app.screen)")
        #expect(FaultPanel.httpExplanation(["challenge-server --profile-fail 2"], server: "http://localhost:3000/")
            .contains("• challenge-server --profile-fail 2\n"), "the default port goes unsaid")
        #expect(FaultPanel.port(of: "http://[::1]:8080/x") == 8080 && FaultPanel.port(of: "https://example.org") == 443)
    }

    /// A line too long for the box ends in "…", never in a cut word.
    @Test func aCutLineInThePanelEndsInAnEllipsis() throws {
        let app = try ShellHarness(size: Size(width: 60, height: 24))
        app.press(.char("f"))
        let panel = app.screen.split(separator: "\n").filter { $0.contains("│") && $0.contains("rLogin") }
        #expect(!panel.isEmpty)
        for row in panel {
            let inside = row.split(separator: "│").dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            #expect(inside.hasSuffix("…") || inside.count < 50, "\(row)")
        }
    }

    @Test func theHelpListsTheLiveTools() throws {
        let app = try ShellHarness()
        app.press(.char("?"))
        #expect(app.contains("n                   network inspector: every request, live"))
        #expect(app.contains("f                   fault panel: the mock's delays and failures"))
    }
}

/// The live tools with a challenge open (a stand-in screen, since the challenges' screens are
/// built elsewhere): the fault panel lists that challenge's endpoints only, and `n`/`f` are
/// typed, not commands, while a text field has focus.
@Suite(.timeLimit(.minutes(10))) struct LiveToolsWithAChallengeTests {
    /// Used on the test's thread only (the registration's closure must be `@Sendable`).
    final class StandInScreen: AppShell.Screen, @unchecked Sendable {
        var capturesText = false
        var typed: [Key] = []
        var keyBarItems: [KeyBar.Item] { [KeyBar.Item("r", "retry")] }
        func handle(_ key: Key, _ context: ScreenContext) -> KeyResult {
            typed.append(key)
            return capturesText ? .handled : .ignored
        }
        func render(in rect: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
            canvas.put("stand-in screen", at: rect.origin)
            return Point(x: rect.x, y: rect.maxY - 1)
        }
    }

    final class Harness {
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        let screen = StandInScreen()
        let shell: ChallengeShell
        let loop: EventLoop<ChallengeShell>

        /// The app opened on a stand-in for `challenge` (its endpoints, the stand-in's screen).
        init(_ challenge: Challenge) throws {
            var options = LaunchOptions()
            options.challenge = challenge.id
            let clock = ManualClock()
            let screen = screen
            let standIn = Challenge(
                id: challenge.id, title: challenge.title, summary: challenge.summary, endpoints: challenge.endpoints,
                extraFaults: challenge.extraFaults, makeScreen: { _ in screen }, faultChoices: challenge.faultChoices,
                dependencies: challenge.dependencies)
            let environment = AppEnvironment(options: options, scenario: .builtInDefault, time: .driven(by: clock), challenges: [standIn])
            shell = ChallengeShell(environment: environment)
            let terminal = terminal
            loop = try EventLoop(
                app: shell, terminal: terminal, configuration: .init(handlesSignals: false),
                poller: ImmediatePoller(hasPendingInput: { terminal.hasPendingKeys }), time: environment.time)
            try loop.start()
        }

        deinit { loop.stop() }

        func press(_ keys: Key...) {
            for key in keys {
                terminal.enqueue(key)
                _ = loop.step()
            }
        }

        var screenText: String { terminal.lines.joined(separator: "\n") }
    }

    @Test func theFaultPanelListsOnlyTheOpenChallengesEndpoints() throws {
        let profile = try Harness(.profile)
        #expect(profile.shell.currentChallenge?.id == .profile)
        profile.press(.char("f"))
        #expect(profile.screenText.contains("profileUpdate"))
        #expect(!profile.screenText.contains("rLogin"))
        #expect(!profile.screenText.contains("next experiment"))
        profile.press(.char("f"))

        let flow = try Harness(.navigation)
        flow.press(.char("f"))
        #expect(flow.screenText.contains("next experiment"))
        #expect(!flow.screenText.contains("articles "))

        let articles = try Harness(.articles)
        articles.press(.char("f"))
        #expect(articles.shell.faultPanel?.model?.rows == [.endpoint(.articles), .endpoint(.images)])
        articles.press(.escape, .char("q"))
        #expect(articles.shell.currentChallenge == nil, "back on the launcher")
        articles.press(.char("f"))
        #expect(articles.shell.faultPanel?.model?.rows == [.endpoint(.articles), .endpoint(.images)], "every challenge offered")
    }

    @Test func nAndFAreTypedWhileATextFieldHasFocus() throws {
        let app = try Harness(.profile)
        app.screen.capturesText = true
        app.press(.char("n"), .char("f"))
        #expect(app.screen.typed == [.char("n"), .char("f")])
        #expect(!app.shell.isShowingInspector && app.shell.faultPanel == nil)
        app.screen.capturesText = false
        app.press(.char("n"))
        #expect(app.shell.isShowingInspector)
        #expect(app.screen.typed.count == 2, "the shell took it before the screen")
        #expect(app.terminal.lines[23] == "↑↓ scroll · / filter · Esc to screen · ? help · q leave · n hide network")
        app.press(.escape)
        #expect(app.terminal.lines[23] == "r retry · Esc back · ? help · q leave · n to network · f faults · t timeline")
    }

    @Test func theCursorHidesUnderTheInspector() throws {
        let app = try Harness(.articles)
        #expect(app.terminal.cursor == Point(x: 0, y: 22))
        app.press(.char("n"))
        #expect(app.terminal.cursor == nil)
    }
}
