import ArticleDetails
import Articles
import Core
import TUI

/// The articles challenge: the list and an article's detail page, both drawn from one
/// `ArticlesState`. Keys become domain events (`ArticlesKeys`), the reducer decides, and an
/// `EffectRunner` performs its effects, whose events come back through the shell's mailbox.
final class ArticlesScreen: Screen {
    private(set) var state: ArticlesState
    private let runtime: ArticlesRuntime
    /// Addresses this screen's events: a later screen of the same challenge gets none of them.
    let token = ScreenToken()
    private var runner: EffectRunner<ArticlesEffect, ArticlesEvent>?
    /// Selection and scroll position of the list (view state, not the domain's).
    private(set) var list = ListState()
    /// Scroll position of the open article's description.
    private(set) var detailScroll = TextScroll()
    private var animationStart = ContinuousClock.now
    /// When the current wait before a retry began (on the loop's clock): the header counts down.
    private var retryWaitStart: ContinuousClock.Instant?

    init(environment: AppEnvironment) {
        state = ArticlesState(policy: environment.configuration.retry.articles)
        runtime = ArticlesRuntime(api: environment.articlesAPI, clock: environment.clock, store: environment.store)
    }

    private var mode: ArticlesKeys.Mode {
        if state.openedArticle != nil { return .detail }
        return .list(selectedArticleID: selectedArticleID, hasNotice: state.notice != nil)
    }

    private var selectedArticleID: Int? {
        list.selectedIndex.flatMap { state.articles.indices.contains($0) ? state.articles[$0].id : nil }
    }

    // MARK: Screen

    var keyBarItems: [KeyBar.Item] { ArticlesKeys.keyBarItems(in: mode, isSyncing: state.sync.isRunning) }

    /// Only the spinner moves (beside the header's sync state, and in the middle while the first
    /// list loads): exactly while a sync is under way, waits before a retry included.
    var isAnimating: Bool { state.sync.isRunning }

    func appear(_ context: ScreenContext) {
        let poster = context.poster
        let runtime = runtime
        runner = EffectRunner(
            perform: { effect, send in await runtime.perform(effect, send: send) },
            send: { [token] in poster.post(.articles($0, to: token)) })
        animationStart = context.now
        dispatch(.appeared, at: context.now)
    }

    func disappear() {
        dispatch(.disappeared, at: nil)
        // Everything stops but a save already under way: cancelling that could lose the list
        // just fetched (the domain leaves it to finish for the same reason).
        if let runner {
            for id in runner.runningIDs where id != ArticlesEffect.saveID { runner.cancel(id) }
        }
        runner = nil
    }

    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult {
        guard let action = ArticlesKeys.action(for: key, in: mode) else { return .ignored }
        switch action {
        case .event(let event):
            if case .open = event { detailScroll.reset() }
            dispatch(event, at: context.now)
        case .select(let move):
            list.move(move)
        case .scroll(let move):
            detailScroll.move(move)
        }
        return .handled
    }

    func handle(_ message: ShellMessage, _ context: ScreenContext) {
        guard case .articles(let event, let receiver) = message, receiver == token else { return }
        dispatch(event, at: context.now)
    }

    func render(in rect: Rect, on canvas: inout Canvas, at now: ContinuousClock.Instant) -> Point? {
        var shown = state
        if let retryWaitStart { shown.sync = state.sync.countingDown(elapsed: retryWaitStart.duration(to: now)) }
        let status = ArticlesStatus(shown, now: now, animationStart: animationStart)
        if let article = state.openedArticle {
            ArticleDetailView.draw(ArticleDetail(article), status: status, scroll: &detailScroll, in: rect, on: &canvas)
        } else {
            ArticlesListView.draw(state, status: status, list: &list, in: rect, on: &canvas)
        }
        return nil
    }

    // MARK: Events

    /// Runs one event through the reducer, starts its effects, and keeps the view state (list
    /// selection, spinner start) in step with the new state.
    private func dispatch(_ event: ArticlesEvent, at now: ContinuousClock.Instant?) {
        let selectedID = selectedArticleID
        let previousSync = state.sync
        let effects = state.reduce(event)
        runner?.run(effects)
        keepSelection(on: selectedID)
        if !previousSync.isRunning, state.sync.isRunning, let now { animationStart = now }
        if case .waitingToRetry(let retry, _, _, _) = state.sync {
            let waitingAlready = if case .waitingToRetry(retry, _, _, _) = previousSync { true } else { false }
            if !waitingAlready { retryWaitStart = now }
        } else {
            retryWaitStart = nil
        }
    }

    /// After the list changed, selects the same article again (a sync may have moved it), or
    /// keeps the position when it is gone. A selection at the top stays at the top: whoever has
    /// not moved wants the newest articles.
    private func keepSelection(on id: Int?) {
        list.count = state.articles.count
        guard let id, list.selection > 0 else { return }
        let index = list.selection
        if state.articles.indices.contains(index), state.articles[index].id == id { return }
        if let moved = state.articles.firstIndex(where: { $0.id == id }) { list.select(moved) }
    }
}
