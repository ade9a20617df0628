@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Contract
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

/// The pictures in Docs/pictures: the real app, headless at 80×24 on the manual clock, driven to
/// each screen and drawn as SVG; each must equal its committed file. `SNAPSHOT_UPDATE=1 swift
/// test --filter DocsPictures` writes them (Docs/testing.md, "Pictures").
@Suite(.timeLimit(.minutes(10))) struct DocsPicturesTests {
    /// Every picture the suite makes: the folder must hold these and nothing else.
    enum Picture: String, CaseIterable {
        case launcher, help, inspector
        case faultPanel = "fault-panel"
        case a = "navigation-a", b1 = "navigation-b1", b2 = "navigation-b2", b3 = "navigation-b3"
        case c1 = "navigation-c1", c2 = "navigation-c2", d = "navigation-d"
        case articlesList = "articles-list", articleDetail = "article-detail"
        case profileErrors = "profile-errors"
        case navigationFlow = "navigation-flow"
        case navigationDemo = "navigation-demo"
    }

    private func expect(_ app: ShellHarness, _ picture: Picture, title: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(app.terminal.size == Size(width: 80, height: 24), sourceLocation: sourceLocation)
        DocsPicture.expect(app.picture(title: title), named: picture.rawValue, screen: app.screen, sourceLocation: sourceLocation)
    }

    /// The mock backend the pictures use: at once and successful unless told otherwise. Its
    /// name shows in the status lines ("mock backend (scenario pictures)").
    private static func scenario(
        _ experiment: Experiment? = nil, _ endpoints: [EndpointName: EndpointBehaviour] = [:]
    ) -> Scenario {
        var scenario = Scenario(name: "pictures", description: "the pictures in Docs/pictures", defaults: .instant, endpoints: endpoints)
        scenario[NavigationSettings.experiment] = experiment
        return scenario
    }

    private static func app(_ challenge: ChallengeID? = nil, _ scenario: Scenario = scenario()) throws -> ShellHarness {
        var options = LaunchOptions()
        options.challenge = challenge
        return try ShellHarness(options: options, scenario: scenario)
    }

    private static func flow(
        _ experiment: Experiment, login: EndpointBehaviour = .after(30), fetch: EndpointBehaviour = .instant,
        submit: EndpointBehaviour = .instant
    ) throws -> ShellHarness {
        try app(.navigation, scenario(experiment, [.rLogin: login, .rFetchExperiments: fetch, .rSubmitSelection: submit]))
    }

    // MARK: Launcher and the shell's overlays

    /// With what a returning user has stored: each challenge says where it stands.
    @Test func launcher() throws {
        let app = try ShellHarness(scenario: .builtInDefault, store: try LauncherStandingTests.storeWithProgress())
        try app.runUntilQuiet()
        #expect(app.contains("▸ 1  Navigation flow"))
        #expect(app.contains("resume at Screen C2 · Option 3"))
        expect(app, .launcher, title: "challenge-tui")
    }

    @Test func help() throws {
        let app = try ShellHarness(scenario: .builtInDefault)
        app.press(.char("?"))
        #expect(app.contains("╭─ Help"))
        expect(app, .help, title: "challenge-tui · help (?)")
    }

    /// The fault panel over screen A, on the built-in scenario: the flow's three endpoints,
    /// rFetchExperiments set to fail from now on.
    @Test func faultPanel() async throws {
        let app = try Self.app(.navigation, .builtInDefault)
        try await app.waitForScreen(.a)
        try await app.run(until: .milliseconds(300))
        app.press(.char("f"), .down, .right)
        #expect(app.contains("Fault panel"))
        expect(app, .faultPanel, title: "challenge-tui · fault panel (f)")
    }

    /// The inspector over the article list, after a sync whose first two attempts failed: each
    /// failure with its retry, then the success, then the five thumbnails on screen.
    @Test func inspector() async throws {
        let articles = EndpointBehaviour(delay: 0.6...0.6, outcomes: .failNext(2, .status(500)))
        let app = try Self.app(.articles, Self.scenario(nil, [.articles: articles]))
        try await app.run(until: .milliseconds(6_500))
        try await app.waitFor("synced at")
        app.press(.char("n"))
        try await app.waitFor("8 requests")
        expect(app, .inspector, title: "challenge-tui · network inspector (n)")
    }

    // MARK: The navigation flow

    @Test func screenA() async throws {
        let app = try Self.flow(.screenB1, fetch: .after(5))
        try await app.waitFor("Fetching experiments…")
        try await app.run(until: .milliseconds(1_300))
        expect(app, .a, title: "challenge-tui · navigation flow · screen A")
    }

    @Test func screenB1() async throws {
        let app = try Self.flow(.screenB1)
        try await app.waitForScreen(.b1)
        app.press(.down, .down)
        expect(app, .b1, title: "challenge-tui · navigation flow · screen B1")
    }

    @Test func screenB2() async throws {
        let app = try Self.flow(.screenB2)
        try await app.waitForScreen(.b2)
        app.press(.down, .char(" "))
        expect(app, .b2, title: "challenge-tui · navigation flow · screen B2")
    }

    @Test func screenB3() async throws {
        let app = try Self.flow(.screenB3)
        try await app.waitForScreen(.b3)
        expect(app, .b3, title: "challenge-tui · navigation flow · screen B3")
    }

    @Test func screenC1() async throws {
        let app = try Self.flow(.screenB1)
        try await app.waitForScreen(.b1)
        app.press(.down, .down, .enter)
        try await app.waitForScreen(.c1)
        try await app.run(until: .seconds(1))
        expect(app, .c1, title: "challenge-tui · navigation flow · screen C1")
    }

    /// C2 with the sign-in's retry under way: the first attempt failed, the next is counted down.
    @Test func screenC2() async throws {
        let app = try Self.flow(.screenB2, login: .after(2, .failNext(1, .status(500))))
        try await app.waitForScreen(.b2)
        app.press(.down, .char(" "), .enter)
        try await app.waitForScreen(.c2)
        try await app.run(until: .seconds(2))
        try await app.waitFor("Sign-in attempt 1 failed")
        expect(app, .c2, title: "challenge-tui · navigation flow · screen C2")
    }

    @Test func screenD() async throws {
        let app = try Self.flow(.screenB2, login: .instant)
        try await app.waitForScreen(.b2)
        app.press(.down, .char(" "), .enter)
        try await app.waitForScreen(.c2)
        try await app.run(until: .seconds(3))
        try await app.waitForScreen(.d)
        expect(app, .d, title: "challenge-tui · navigation flow · screen D")
    }

    // MARK: Articles and profile

    @Test func articlesList() async throws {
        let app = try Self.app(.articles)
        try await app.waitFor("synced at")
        app.press(.down)
        expect(app, .articlesList, title: "challenge-tui · articles")
    }

    @Test func articleDetail() async throws {
        let app = try Self.app(.articles)
        try await app.waitFor("synced at")
        app.press(.enter)
        expect(app, .articleDetail, title: "challenge-tui · articles · detail")
    }

    @Test func profileWithFieldErrors() async throws {
        let app = try Self.app(.profile)
        try await app.waitFor("BASIC INFORMATION")
        app.press(.tab, .ctrl("u"), .tab, .tab, .enter)
        app.fillPasswords(current: "password123", new: "short", confirmation: "shorter")
        app.press(.enter)
        #expect(app.contains("✗ Enter a first name"))
        expect(app, .profileErrors, title: "challenge-tui · profile")
    }

    // MARK: The animation

    /// A → B2 → C2 → D with the first sign-in failing and retried, run on the manual clock and
    /// captured at every change of the screen (the spinner's turns aside).
    @Test func navigationFlowAnimation() async throws {
        // rLogin: each attempt takes 4.5 s and the first fails (on C2), the retry comes 1 s
        // later; rFetchExperiments takes 1.5 s, rSubmitSelection 1 s.
        let app = try Self.flow(
            .screenB2, login: .after(4.5, .failNext(1, .status(500))), fetch: .after(1.5), submit: .after(1))
        var film = FlowFilm(app: app)
        try await app.waitForScreen(.a)
        film.capture()
        try await film.run(until: .milliseconds(2_500))
        app.press(.down, .char(" "))
        film.capture()
        try await film.run(until: .seconds(3))
        app.press(.enter)
        film.capture()
        try await film.run(until: .seconds(11))
        #expect(try app.flowState.screen == .d)

        let frames = film.frames
        #expect(frames.map(\.caption).contains { $0.contains("screen C2") })
        #expect(film.screens.contains { $0.contains("Sign-in attempt 1 failed") })
        #expect(frames.count >= 7 && frames.count <= 12, "\(frames.count) frames")
        let total = frames.reduce(Duration.zero) { $0 + $1.hold }
        #expect(total >= .seconds(15) && total <= .seconds(30), "plays for \(total)")
        let svg = SVGPicture().animation(frames, title: "challenge-tui · the navigation flow: A → B2 → C2, sign-in retried → D")
        DocsPicture.expect(svg, named: Picture.navigationFlow.rawValue, screen: film.screens.joined(separator: "\n\n"))
    }

    /// The README's picture: the recorded demo `Docs/demos/navigation-sign-in.jsonl` replayed,
    /// one frame per caption (the last before the next caption), each with its caption
    /// (Docs/recording.md, "The demos").
    @Test func navigationDemoAnimation() throws {
        let recording = try SessionRecording.read(packageRoot.appendingPathComponent("Docs/demos/navigation-sign-in.jsonl").path, challenges: Challenge.all)
        let player = try SessionPlayer(recording)
        var frames: [SVGPicture.Frame] = []
        var shown: (canvas: Canvas, caption: String, time: Duration)?
        func keep() {
            guard let shown else { return }
            let time = SessionFormat.secondsText(shown.time)
            frames.append(SVGPicture.Frame(canvas: shown.canvas, caption: "\(time) · \(shown.caption)", hold: .seconds(3)))
        }
        while true {
            let step = try player.step()
            if step == .end { break }
            if case .note = recording.entries[player.position - 1].line { keep(); shown = nil }
            if case .frame(_, let identical) = step, let frame = player.frame, let caption = player.caption {
                #expect(identical, "the demo replays as recorded")
                shown = (frame.canvas, caption, player.time)
            }
        }
        keep()
        #expect(frames.count == 7)
        frames[frames.count - 1].hold = .seconds(5)
        let svg = SVGPicture().animation(frames, title: "challenge-tui --replay Docs/demos/navigation-sign-in.jsonl")
        DocsPicture.expect(svg, named: Picture.navigationDemo.rawValue, screen: frames.map { $0.canvas.snapshot }.joined(separator: "\n\n"))
    }

    // MARK: The folder

    @Test func theFolderHoldsExactlyThePicturesThisSuiteMakes() throws {
        guard ProcessInfo.processInfo.environment["SNAPSHOT_UPDATE"] != "1" else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: DocsPicture.folder.path).sorted()
        let made = Picture.allCases.map { $0.rawValue + ".svg" }.sorted()
        for stale in names where !made.contains(stale) {
            Issue.record("Docs/pictures/\(stale) is made by no test: remove it, or add it to DocsPicturesTests")
        }
        for missing in made where !names.contains(missing) {
            Issue.record("Docs/pictures/\(missing) is missing: write it with `\(DocsPicture.regenerate)`")
        }
    }
}

/// The frames of a run of the flow: a frame at every screen state that differs from the last
/// one captured (spinner glyphs aside), captioned with the screen and the manual clock's time.
struct FlowFilm {
    let app: ShellHarness
    private(set) var frames: [SVGPicture.Frame] = []
    /// Each frame's screen as text, with its time (shown when the picture differs).
    private(set) var screens: [String] = []
    private var last: Canvas?

    /// Each frame stays this long; the last one longer, before the loop starts again.
    static let hold = Duration.milliseconds(2_500)
    static let lastHold = Duration.seconds(4)

    init(app: ShellHarness) { self.app = app }

    /// Runs the app to `target` on the manual clock through every deadline on the way,
    /// capturing each new screen state.
    mutating func run(until target: Duration) async throws {
        try await app.run(until: target) { capture() }
    }

    /// Adds the screen as it is now, unless it only differs from the last frame by the spinner.
    mutating func capture() {
        let canvas = app.pinnedCanvas
        let still = canvas.rewriting(#/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/#) { _, _ in "⠋" }
        guard still != last else { return }
        last = still
        let elapsed = app.clock.now.offset
        let tenths = Int(elapsed.components.seconds) * 10 + Int(elapsed.components.attoseconds / 100_000_000_000_000_000)
        let time = "t = \(tenths / 10).\(tenths % 10) s"
        let screen = app.flow.map { "screen \($0.state.screen.rawValue.uppercased())" } ?? "launcher"
        if !frames.isEmpty { frames[frames.count - 1].hold = Self.hold }
        frames.append(SVGPicture.Frame(
            canvas: canvas, cursor: app.terminal.cursor, caption: "navigation flow · \(screen) · \(time)", hold: Self.lastHold))
        screens.append(time + "\n" + app.screen)
    }
}
