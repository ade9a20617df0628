import Foundation
import Testing
@testable import Articles
@testable import Contract
import Core
import CoreTesting
import ReducerTesting

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

/// The articles reducer in a `TestStore`; with `runtime`, its effects run through it as the
/// app runs them.
func articlesStore(
    _ state: ArticlesState = ArticlesState(), exhaustivity: Exhaustivity = .on, runtime: ArticlesRuntime? = nil
) -> TestStore<ArticlesState, ArticlesEvent, ArticlesEffect> {
    let reduce: TestStore<ArticlesState, ArticlesEvent, ArticlesEffect>.Reduce = { state, event, _ in state.reduce(event) }
    let store = if let runtime {
        TestStore(initialState: state, perform: { effect, send in await runtime.perform(effect, send: send) }, reduce: reduce)
    } else {
        TestStore(initialState: state, reduce: reduce)
    }
    store.exhaustivity = exhaustivity
    return store
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

/// Whether two long lists compared equal, as a value of its own: `#expect(a == b)` on lists of
/// thousands of articles would print both whole when they differ — for 100,000, tens of
/// megabytes, long enough to pass a mutation run's time limit.
func wholeListsEqual(_ equal: Bool) -> Bool { equal }
