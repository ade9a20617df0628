@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI
import TUITesting

/// The launcher's first frame does not wait for the encrypted store: it is opened on the loop's
/// next turn (Docs/performance.md, "The first frame"). A challenge opened straight away opens it
/// at once, because its first frame shows what is stored.
@Suite(.timeLimit(.minutes(10))) struct DeferredStoreTests {
    private func environment(_ options: LaunchOptions, dataDirectory: String) throws -> AppEnvironment {
        var options = options
        options.dataDirectory = dataDirectory
        return AppEnvironment(try AppEnvironment.Inputs.read(
            options: options, environment: ["CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32)]))
    }

    private func loop(_ environment: AppEnvironment) throws -> EventLoop<ChallengeShell> {
        let terminal = HeadlessTerminal()
        return try EventLoop(
            app: ChallengeShell(environment: environment), terminal: terminal,
            configuration: .init(handlesSignals: false), poller: ImmediatePoller(hasPendingInput: { terminal.hasPendingKeys }),
            time: environment.time)
    }

    @Test func theLauncherIsDrawnBeforeTheStoreIsOpened() throws {
        let folder = TemporaryDirectory()
        let data = folder.file("data")
        let loop = try loop(try environment(LaunchOptions(), dataDirectory: data))
        defer { loop.stop() }
        try loop.start()
        #expect(loop.renderCount == 1)
        #expect(!FileManager.default.fileExists(atPath: data), "the first frame came before the store")
        _ = loop.step()
        #expect(FileManager.default.fileExists(atPath: data), "opened on the next turn")
    }

    @Test func aChallengeOpenedAtLaunchHasItsStoreForItsFirstFrame() throws {
        let folder = TemporaryDirectory()
        let data = folder.file("data")
        var options = LaunchOptions()
        options.challenge = .navigation
        let loop = try loop(try environment(options, dataDirectory: data))
        defer { loop.stop() }
        try loop.start()
        #expect(FileManager.default.fileExists(atPath: data))
    }
}
