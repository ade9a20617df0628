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
    private var runner: EffectRunner<ArticlesEffect, ArticlesEvent>?
    /// Selection and scroll position of the list (view state, not the domain's).
    private(set) var list = ListState()
    /// Scroll position of the open article's description.
    private(set) var detailScroll = TextScroll()
    /// When the current wait before a retry was first seen, for the live countdown.
    private var retryShownAt: ContinuousClock.Instant?
    private var animationStart = ContinuousClock.now

    init(environment: AppEnvironment) {
        state = ArticlesState(policy: environment.configuration.retry.articles)
        runtime = ArticlesRuntime(api: environment.articlesAPI, clock: environment.clock, store: environment.store)
    }

    private var mode: ArticlesKeys.Mode {
        if state.openedArticle != nil { return .detail }
        let selected = list.selectedIndex.flatMap { state.articles.indices.contains($0) ? state.articles[$0].id : nil }
        return .list(selectedArticleID: selected, hasNotice: state.notice != nil)
    }

    // MARK: Screen

    var keyBarItems: [KeyBar.Item] { ArticlesKeys.keyBarItems(in: mode, isSyncing: state.sync.isRunning) }

    /// Only a spinner moves (beside the header, or in the middle while the first list loads),
    /// and the countdown to a retry: both exactly while a sync is under way.
    var isAnimating: Bool { state.sync.isRunning }

    func appear(_ context: ScreenContext) {
        let poster = context.poster
        let runtime = runtime
        runner = EffectRunner(
            perform: { effect, send in await runtime.perform(effect, send: send) },
            send: { poster.post(.articles($0)) })
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
        guard case .articles(let event) = message else { return }
        dispatch(event, at: context.now)
    }

    func render(in rect: Rect, on canvas: inout Canvas, at now: ContinuousClock.Instant) -> Point? {
        let status = ArticlesStatus(state, now: now, retryShownAt: retryShownAt, animationStart: animationStart)
        if let article = state.openedArticle {
            ArticleDetailView.draw(ArticleDetail(article), status: status, scroll: &detailScroll, in: rect, on: &canvas)
        } else {
            ArticlesListView.draw(state, status: status, list: &list, in: rect, on: &canvas)
        }
        return nil
    }

    // MARK: Events

    /// Runs one event through the reducer, starts its effects, and keeps the view state (list
    /// selection, countdown start) in step with the new state.
    private func dispatch(_ event: ArticlesEvent, at now: ContinuousClock.Instant?) {
        let selectedID = list.selectedIndex.flatMap { state.articles.indices.contains($0) ? state.articles[$0].id : nil }
        let previousSync = state.sync
        let effects = state.reduce(event)
        runner?.run(effects)

        if list.count != state.articles.count || selectedID != nil {
            keepSelection(on: selectedID)
        }
        if case .waitingToRetry = state.sync {
            if previousSync != state.sync, let now { retryShownAt = now }
        } else {
            retryShownAt = nil
        }
        if !previousSync.isRunning, state.sync.isRunning, let now { animationStart = now }
    }

    /// After the list changed, selects the same article again (a sync may have moved it), or
    /// keeps the position when it is gone.
    private func keepSelection(on id: Int?) {
        list.count = state.articles.count
        guard let id else { return }
        let index = list.selection
        if state.articles.indices.contains(index), state.articles[index].id == id { return }
        if let moved = state.articles.firstIndex(where: { $0.id == id }) { list.select(moved) }
    }
}
