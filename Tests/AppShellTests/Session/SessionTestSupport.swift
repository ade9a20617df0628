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

/// Recording a session in the headless harness and reading it back (Docs/recording.md).
struct RecordedSession {
    let text: String
    let recording: SessionRecording

    var lines: [String] { text.split(separator: "\n").map(String.init) }

    /// The lines after the header, as JSON objects.
    var objects: [[String: Any]] {
        lines.dropFirst().compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Plays it through and requires every frame to be the one recorded.
    func expectIdentical(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let verdict = try SessionVerdict.check(recording)
        #expect(verdict.isIdentical, "\(verdict.summary)\n\(verdict.difference?.screen.joined(separator: "\n") ?? "")",
                sourceLocation: sourceLocation)
        #expect(verdict.frames == recording.frameCount, sourceLocation: sourceLocation)
    }

    /// Runs `drive` on a harness that records, then reads the recording back.
    static func record(
        options: LaunchOptions = LaunchOptions(), scenario: Scenario = ShellHarness.instantScenario,
        size: Size = Size(width: 80, height: 24), configuration: AppConfiguration = .defaults,
        environment: [String: String] = [:], store: any RecordStore = InMemoryRecordStore(), pictureColorMode: ColorMode? = nil,
        challenges: [Challenge] = Challenge.all, _ drive: (ShellHarness) async throws -> Void
    ) async throws -> RecordedSession {
        let folder = TemporaryDirectory()
        let path = folder.file("session.jsonl")
        let app = try ShellHarness(
            options: options, scenario: scenario, size: size, store: store, configuration: configuration,
            environment: environment, challenges: challenges, recordTo: path, pictureColorMode: pictureColorMode)
        try await drive(app)
        try app.runUntilQuiet()
        app.finishRecording()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return RecordedSession(text: String(decoding: data, as: UTF8.self), recording: try SessionRecording.parse(data, file: "session.jsonl", challenges: challenges))
    }
}

extension ShellHarness {
    /// Options that open `challenge` directly.
    static func opening(_ challenge: ChallengeID) -> LaunchOptions {
        var options = LaunchOptions()
        options.challenge = challenge
        return options
    }
}

extension SessionRecorder {
    /// A caption at the loop's time now, as a line like any other (the demos' scripts write them).
    func note(_ text: String) { record(.note(text), storeProblem: nil) }
}
