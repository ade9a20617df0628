import Foundation
import Synchronization
import Testing
@testable import Articles
@testable import Contract
import Core
import CoreTesting

/// A store whose reads and writes fail as told (and otherwise keep records in memory).
final class ScriptedStore: RecordStore {
    let readError: StoreError?
    let writeError: StoreError?
    let backing = InMemoryRecordStore()

    init(readError: StoreError? = nil, writeError: StoreError? = nil) {
        self.readError = readError
        self.writeError = writeError
    }

    func read(_ name: String) throws(StoreError) -> Data? {
        if let readError { throw readError }
        return try backing.read(name)
    }

    func write(_ data: Data, to name: String) throws(StoreError) {
        if let writeError { throw writeError }
        try backing.write(data, to: name)
    }

    func remove(_ name: String) throws(StoreError) { try backing.remove(name) }
}

/// The articles screen's loop, as AppShell will run it: state in a lock, effects on an
/// `EffectRunner` performing through `ArticlesRuntime`, events fed back into the reducer.
final class Harness: Sendable {
    private let state: Mutex<ArticlesState>
    private let events = Mutex<[ArticlesEvent]>([])
    private let runnerBox = Mutex<EffectRunner<ArticlesEffect, ArticlesEvent>?>(nil)
    /// Runs the effects when the test says (`settle`).
    let executor = ManualExecutor()

    init(runtime: ArticlesRuntime, state: ArticlesState = ArticlesState()) {
        self.state = Mutex(state)
        let runner = EffectRunner<ArticlesEffect, ArticlesEvent>(
            executor: executor,
            perform: { effect, send in await runtime.perform(effect, send: send) },
            send: { [weak self] event in self?.send(event) })
        runnerBox.withLock { $0 = runner }
    }

    var current: ArticlesState { state.withLock { $0 } }
    var received: [ArticlesEvent] { events.withLock { $0 } }
    var runner: EffectRunner<ArticlesEffect, ArticlesEvent>? { runnerBox.withLock { $0 } }

    func send(_ event: ArticlesEvent) {
        events.withLock { $0.append(event) }
        let effects = state.withLock { $0.reduce(event) }
        runner?.run(effects)
    }

    /// Runs the effects, and those their events start, until nothing is left to run at this
    /// instant of the clock; then says whether `condition` holds. What has not happened by then
    /// won't happen without moving the clock, so a false result is final, never a hang.
    @discardableResult
    func settle(until condition: (ArticlesState) -> Bool = { _ in true }) async -> Bool {
        executor.runUntilIdle()
        return condition(current)
    }
}

/// Whether the captured response of the original API is there to test against.
let capturedFixtureIsPresent = sharedFixture("articles-api.json") != nil

/// Locates `shared/fixtures/<name>` from this file: next to the package root (`../shared`, the
/// main checkout) or one level further up (worktrees under `wt/`). `nil` when absent.
func sharedFixture(_ name: String, filePath: String = #filePath) -> URL? {
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()  // Tests/ArticlesTests
    directory = directory.deletingLastPathComponent().deletingLastPathComponent()  // package root
    for _ in 0..<3 {
        directory = directory.deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("shared/fixtures/\(name)")
        if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    }
    return nil
}

func date(_ text: String) -> CalendarDate {
    guard let date = CalendarDate(parsing: text) else {
        Issue.record("bad test date \(text)")
        return CalendarDate(validYear: 2000, month: 1, day: 1)
    }
    return date
}

func article(_ id: Int, _ released: String, title: String? = nil) -> Article {
    Article(
        id: id, title: title ?? "Title \(id)", description: "Description \(id)", author: "a\(id)@example.com",
        releaseDate: date(released), image: "http://dummyimage.com/100x50.png/ffffff/000000")
}

let noon = WallClockTime(hour: 12, minute: 0)
