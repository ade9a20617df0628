import AppShell
import Articles
import ArticlesApp
import Contract
import Core
import TUI
import TUITesting

/// The real app, headless at 80×24, opened on the article list with `articles` stored from an
/// earlier run: the shell, the articles feature, its views and the same cell diff the ncurses
/// backend writes (`HeadlessTerminal` applies it and counts the cells). The sync is answered
/// with a 404, which is not retried, and the thumbnails on screen are waited for (the mock's
/// pictures answer at once), so the list then stays still while moves are timed: what a user
/// sees of the list after a failed sync, frame for frame.
final class HeadlessArticlesApp {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
    let loop: EventLoop<ChallengeShell>
    /// The effects' executor, run between the loop's turns on this thread.
    private let executor = InlineExecutor()
    /// How long the loop turn that first drew the list took (the reducer taking the stored list
    /// in, sorting it, and the frame): milliseconds.
    private(set) var firstFrameMilliseconds = 0.0

    init(storedArticles articles: some Collection<Article>) throws {
        let store = InMemoryRecordStore()
        if let error = ArticlesCache.save(StoredArticles(articles: ArticleList(articles)), to: store) {
            throw Failure(description: "could not store the list: \(error.message)")
        }
        var options = LaunchOptions()
        options.challenge = .articles
        let scenario = Scenario(
            name: "bench", description: "the stored list after a failed sync",
            endpoints: [.articles: EndpointBehaviour(delay: 0...0, outcomes: .alwaysFail(.status(404)))])
        let environment = AppEnvironment(options: options, scenario: scenario, store: store, executor: executor, challenges: [.articles])
        let terminal = terminal
        loop = try EventLoop(
            app: ChallengeShell(environment: environment), terminal: terminal,
            configuration: .init(handlesSignals: false),
            poller: ImmediatePoller(hasPendingInput: { terminal.hasPendingKeys }), time: environment.time)
        try loop.start()
        try waitForTheList(count: articles.count)
    }

    deinit { loop.stop() }

    /// Turns the loop (effects run on the global executor meanwhile) until the list and the
    /// failed sync are on screen; times the turn that first drew the list.
    private func waitForTheList(count: Int) throws {
        // The header groups the count's digits: "10,000 articles".
        let marker = "\(Format.grouped(count)) article"
        let deadline = ContinuousClock.now + .seconds(120)
        var listShown = false
        var syncFailedAt: ContinuousClock.Instant?
        while ContinuousClock.now < deadline {
            executor.runPending()
            let start = ContinuousClock.now
            _ = loop.step()
            let took = ContinuousClock.now - start
            let screen = terminal.lines.joined(separator: "\n")
            if !listShown, screen.contains(marker) {
                listShown = true
                firstFrameMilliseconds = PseudoTerminalProcess.seconds(took) * 1000
            }
            if listShown, screen.contains("Sync failed") {
                // Thumbnails that can't be had keep their URL drawing: 2 s is plenty for the rest.
                let failedAt = syncFailedAt ?? ContinuousClock.now
                syncFailedAt = failedAt
                if KeystrokeBench.thumbnailsLoaded(terminal.lines) || ContinuousClock.now - failedAt > .seconds(2) { return }
            }
        }
        throw Failure(description: "the list of \(count) never showed; the screen was:\n\(terminal.snapshot)")
    }

    /// Presses `key`; returns how many cells the frame changed.
    @discardableResult
    func press(_ key: Key) -> Int {
        terminal.enqueue(key)
        _ = loop.step()
        let changed = terminal.lastChangeCount
        executor.runPending()
        return changed
    }
}
