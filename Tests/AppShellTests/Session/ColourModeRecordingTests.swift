@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import Core
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// A session records the colour mode its pictures were drawn in, and replays in it
/// (Docs/recording.md): true colour as `24bit`, the others as they always were.
@Suite(.timeLimit(.minutes(10))) struct ColourModeRecordingTests {
    static let pictures = Scenario(
        name: "pictures", description: "pictures after a moment", defaults: .instant,
        endpoints: [.images: EndpointBehaviour(delay: 0.3...0.3, outcomes: .alwaysSucceed)])

    static func recordArticles(in mode: ColorMode?) async throws -> RecordedSession {
        try await RecordedSession.record(options: ShellHarness.opening(.articles), scenario: pictures, pictureColorMode: mode) { app in
            try await app.run(until: .seconds(2))
            try await app.waitFor("articles")
            app.press(.enter)
            try await app.run(until: .seconds(4))
        }
    }

    @Test(arguments: [(ColorMode.direct, "24bit"), (.basic8, "8"), (.basic16, "16")])
    func aSessionInEachColourModeRecordsItsNameAndReplaysFrameForFrame(mode: ColorMode, name: String) async throws {
        let session = try await Self.recordArticles(in: mode)
        #expect(session.lines[0].contains("\"colors\":\"\(name)\""))
        #expect(session.recording.header.colors == mode)
        try session.expectIdentical()
    }

    @Test func aSessionIn256ColoursStillSays256() async throws {
        let session = try await Self.recordArticles(in: nil)
        #expect(session.lines[0].contains("\"colors\":\"256\""))
    }
}
