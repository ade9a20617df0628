import AppShell
import ArticleDetails
import Articles
import Core
import Imaging
import TUI

/// The articles challenge as a `Feature`: the list and an article's detail page, both drawn from
/// one `ArticlesState`. Keys become events (`ArticlesKeys`); the domain's reducer decides; its
/// effects run on `ArticlesRuntime`. The list's selection and the detail page's scroll are view
/// state, kept here. The header images load beside it (`PictureLoading`, `PictureRuntime`): the
/// layout event says which rows are on screen, and the reducer decides what is fetched. See
/// Docs/articles.md, Docs/images.md and Docs/architecture.md ("Drawing draws").
package struct ArticlesFeature: Feature {
    package enum Event: Sendable {
        /// A domain event: from a key (open, close, retry, dismiss) or an effect's answer.
        case domain(ArticlesEvent)
        /// Moves the list's selection.
        case select(ListState.Move)
        /// Scrolls the detail page's description.
        case scroll(ListState.Move)
        /// The list's filter (`/`): opened, typed in, kept or cleared.
        case filter(ArticlesKeyAction.FilterAction)
        /// The header images' loading.
        case pictures(PictureEvent)
        /// What fits in the screen's area now (sent on appear, resize, scroll and every change
        /// that moves the rows).
        case viewport(ArticlesViewport)
    }

    package typealias Effect = ArticlesFeatureEffect
    package typealias Target = ArticlesTarget

    package private(set) var state: ArticlesState
    private let runtime: ArticlesRuntime
    /// Where the stored list is read from when the screen opens (`performAtOnce`).
    private let store: any RecordStore
    package private(set) var pictures = PictureLoading()
    private let pictureRuntime: PictureRuntime
    private let colorMode: () -> ColorMode
    private let background: BackgroundState
    /// What the last layout event said fits.
    package private(set) var viewport: ArticlesViewport?
    /// Selection and scroll position of the list: rows, which are the filter's matches while
    /// there is a filter.
    package private(set) var list = ListState()
    /// What `/` narrows the list to (Docs/articles.md, "Finding an article").
    package private(set) var filter = ArticlesFilter()
    /// The filter's text: the app's one text field.
    package private(set) var filterField = TextFieldState(maxLength: ArticlesFeature.maxFilterLength)
    /// The filter's field has the keys.
    package private(set) var isEditingFilter = false
    package static let maxFilterLength = 40
    /// Scroll position of the open article's description.
    package private(set) var detailScroll = TextScroll()
    /// When the spinner started turning (the loop's time).
    private var animationStart: Duration = .zero
    /// When the current wait before a retry began: the header counts down from it.
    private var retryWaitStart: Duration?
    /// End was pressed while only the start of the stored list was read: the selection goes to
    /// the last article once the rest is.
    private var endWanted = false

    package init(environment: AppEnvironment) {
        state = ArticlesState(
            policy: environment.configuration[ArticlesSettings.retry], failuresAreInjected: environment.options.backend == .mock)
        runtime = ArticlesRuntime(api: environment.articlesAPI, time: environment.time, store: environment.store)
        pictureRuntime = environment.articlePictures
        colorMode = environment.pictureColorMode
        background = environment.background
        store = environment.store
        state.keepsNothingBecause = environment.storeProblem?.summary
    }

    /// The start of the stored list, read as the screen opens on the loop's thread, so the
    /// challenge's first frame already shows it: reading and opening the record takes about a
    /// millisecond for the usual list (Docs/performance.md). Its answer is recorded like any
    /// other (Docs/recording.md).
    package func performAtOnce(_ effect: ArticlesFeatureEffect) -> Event? {
        guard case .storedListStart = effect else { return nil }
        return .domain(.cacheLoaded(ArticlesCache.loadFirst(from: store)))
    }

    package static var appeared: Event { .domain(.appeared) }
    package static var left: Event { .domain(.disappeared) }

    /// A save already under way finishes: cancelling it could lose the list just fetched (the
    /// domain leaves it to finish for the same reason).
    package func keepsRunning(_ id: ArticlesFeatureEffectID) -> Bool { id == .articles(.save) }

    package mutating func reduce(_ event: Event, at now: Duration) -> [ArticlesFeatureEffect] {
        switch event {
        case .pictures(let event):
            return pictures.reduce(event).map { .pictures($0) }
        case .select(let move):
            list.move(move)
            if move == .end, state.isStoredListPartial { endWanted = true }
            return readStoredListAhead(at: now)
        case .scroll(let move):
            detailScroll.move(move)
            return []
        case .filter(let action):
            applyFilter(action)
            return readStoredListAhead(at: now)
        case .viewport(let viewport):
            self.viewport = viewport
            list.count = rowCount
            list.visibleRows = viewport.listRows
            detailScroll.layout(visibleLines: viewport.bodyLines, totalLines: viewport.bodyTotalLines)
            guard viewport.images != pictures.onScreen || viewport.imageBox.bucketed != pictures.box else { return [] }
            return pictures.reduce(.shown(viewport.images, box: viewport.imageBox)).map { .pictures($0) }
        case .domain(let event):
            if case .open = event { detailScroll.reset() }
            var effects = reduceDomain(event, at: now).map { effect -> ArticlesFeatureEffect in
                // The first read of the stored list reads only its start, at once (`performAtOnce`).
                if case .appeared = event, effect == .loadCache { return .storedListStart }
                return .articles(effect)
            }
            if case .disappeared = event {
                viewport = nil
                effects += pictures.reduce(.left).map { .pictures($0) }
            }
            return effects + readStoredListAhead(at: now)
        }
    }

    package var perform: EffectRunner<ArticlesFeatureEffect, Event>.Perform {
        let runtime = runtime, pictureRuntime = pictureRuntime, store = store
        return { effect, send in
            switch effect {
            case .storedListStart: send(.domain(.cacheLoaded(ArticlesCache.loadFirst(from: store))))
            case .articles(let effect): await runtime.perform(effect) { send(.domain($0)) }
            case .pictures(let effect): await pictureRuntime.perform(effect) { send(.pictures($0)) }
            }
        }
    }

    /// The rows that fit in `area` and the pictures they show, when they differ from what the
    /// state was last told.
    package func layout(_ area: Rect, at now: Duration) -> Event? {
        let fits = viewport(in: area, at: now)
        return fits == viewport ? nil : .viewport(fits)
    }

    /// What fits in `area`, measured by the views' own layouts.
    package func viewport(in area: Rect, at now: Duration) -> ArticlesViewport {
        if let article = state.openedArticle {
            let detail = ArticleDetail(article)
            let layout = ArticleDetailView.Layout(in: area, detail: detail)
            let lines = layout.bodyLines(of: detail)
            return ArticlesViewport(
                listRows: list.visibleRows, bodyLines: lines.visible, bodyTotalLines: lines.total,
                images: PictureLoading.normalized([article.image]),
                imageBox: PictureSize(columns: layout.image.width, rows: layout.imageRows))
        }
        let listLayout = ArticlesListView.Layout(in: area, articles: state, status: status(at: now), showsFilter: showsFilter)
        let rows = listLayout.visibleRows
        var shown = list
        shown.count = rowCount
        shown.visibleRows = rows
        let visible = shown.visibleRange.clamped(to: 0..<rowCount).compactMap(filter.articleIndex(atRow:))
        return ArticlesViewport(
            listRows: rows, bodyLines: detailScroll.visibleLines, bodyTotalLines: detailScroll.totalLines,
            images: PictureLoading.normalized(visible.map { state.articles[$0].image }),
            imageBox: PictureSize(columns: listLayout.thumbnail.width, rows: listLayout.thumbnail.height))
    }

    package func command(for key: Key) -> FeatureCommand<Event>? {
        let command = keyMap.action(for: key, in: self)
        // What the field has no use for (F1, Ctrl-C) is the shell's.
        if case .send(.filter(.edit(let key)))? = command {
            var field = filterField
            guard field.handle(key) else { return nil }
        }
        return command
    }

    /// What a key's action asks of the feature.
    private static func command(for action: ArticlesKeyAction) -> FeatureCommand<Event> {
        switch action {
        case .event(let event): .send(.domain(event))
        case .select(let move): .send(.select(move))
        case .scroll(let move): .send(.scroll(move))
        case .filter(let action): .send(.filter(action))
        }
    }

    /// The filter's field takes the keys: the shell's `q`, `?`, `n`, `f` are typed there.
    package var capturesText: Bool { isEditingFilter }

    /// A click on a row opens it, as in the launcher (the lists' one rule, Docs/mouse-and-paste.md):
    /// the ↑/↓ that select it, then what Enter sends there.
    package func command(for mouse: MouseEvent, on target: ArticlesTarget) -> FeatureCommand<Event>? {
        guard case .press(.left) = mouse.action, case .row(let index) = target, case .list(_, let hasNotice) = mode,
              let articleIndex = filter.articleIndex(atRow: index), state.articles.indices.contains(articleIndex) else { return nil }
        let moves = Array(repeating: index > list.selection ? Key.down : .up, count: abs(index - list.selection))
        var events: [Event] = []
        for key in moves {
            guard case .send(let event)? = command(for: key) else { return nil }
            events.append(event)
        }
        // Enter on the row the moves select.
        let selected = ArticlesKeys.Mode.list(selectedArticleID: state.articles.id(at: articleIndex), hasNotice: hasNotice)
        guard case .event(let open)? = ArticlesKeys.action(for: .enter, in: selected) else { return nil }
        return .sendAll(events + [.domain(open)])
    }

    package var keyMap: KeyMap<ArticlesFeature, FeatureCommand<Event>> { Self.keys }
    private static let keys = ArticlesKeys.keyMap.map(command(for:)).pullback { (feature: ArticlesFeature) in
        ArticlesKeys.Context(mode: feature.mode, isSyncing: feature.state.sync.isRunning, canScroll: feature.detailScroll.maxOffset > 0)
    }

    /// Only the spinner moves (beside the header's sync state, and in the middle while the first
    /// list loads): exactly while a sync is under way, waits before a retry included.
    package var isAnimating: Bool { state.sync.isRunning }

    /// What the screen waits for: the sync (and its next try), the pictures on screen.
    package func activity(at now: Duration) -> String? {
        var parts: [String] = []
        let status = status(at: now)
        if status.isRunning { parts.append(status.header.isEmpty ? "the sync" : status.header) }
        let downloads = pictures.downloading
        if downloads > 0 { parts.append(downloads == 1 ? "1 picture" : "\(downloads) pictures") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    package func render(in area: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        let status = status(at: now)
        let pictures = ArticlePictures(loading: self.pictures, colorMode: colorMode(), background: background.current)
        if let article = state.openedArticle {
            ArticleDetailView(detail: ArticleDetail(article), status: status, pictures: pictures)
                .draw(in: area, on: &canvas, state: detailScroll)
        } else {
            let filter = showsFilter ? ArticlesListView.FilterShown(filter: filter, field: filterField, isEditing: isEditingFilter) : nil
            return ArticlesListView(articles: state, status: status, pictures: pictures, filter: filter).draw(in: area, on: &canvas, state: list)
        }
        return nil
    }

    /// The header's sync state at `now`, the countdown to a retry included.
    package func status(at now: Duration) -> ArticlesStatus {
        var shown = state
        if let retryWaitStart { shown.sync = state.sync.countingDown(elapsed: now - retryWaitStart) }
        // A long sync's progress in the status, once it has run long enough to be worth reading.
        shown = shown.showingProgress(after: now - animationStart)
        return ArticlesStatus(shown, now: now, animationStart: animationStart)
    }

    // MARK: The domain

    /// How far past the selection a partly read stored list is read.
    package static let storedReadAhead = 128

    /// While only the start of the stored list is read (a long sync runs), moving towards its end
    /// reads the next part, and End all of it, so the whole stored list can be scrolled
    /// (Docs/articles.md, "Stored data"). Once what End asked for is there, the selection goes
    /// to the last article.
    private mutating func readStoredListAhead(at now: Duration) -> [ArticlesFeatureEffect] {
        let reading = state.isStoredListPartial
        if endWanted, !reading {
            if state.listSource == .stored { list.select(rowCount - 1) }
            endWanted = false
        }
        guard reading, !state.isLoadingStoredRows else { return [] }
        let selected = filter.articleIndex(atRow: list.selection) ?? state.articles.count
        let through = endWanted ? state.listTotal - 1 : selected + Self.storedReadAhead
        guard through >= state.articles.count else { return [] }
        return reduceDomain(.storedRowsWanted(through: through), at: now).map { .articles($0) }
    }

    private var mode: ArticlesKeys.Mode {
        if state.openedArticle != nil { return .detail }
        if isEditingFilter { return .filter }
        return .list(selectedArticleID: selectedArticleID, hasNotice: state.hasDismissibleMessage)
    }

    private var selectedArticleID: Int? {
        list.selectedIndex.flatMap(filter.articleIndex(atRow:)).flatMap { state.articles.indices.contains($0) ? state.articles.id(at: $0) : nil }
    }

    /// The rows the list shows: every article, or the filter's matches.
    var rowCount: Int { filter.rowCount(of: state.articles.count) }

    /// The filter's row shows while it is typed in or narrows the list.
    private var showsFilter: Bool { isEditingFilter || filter.isActive }

    /// `/`, typing, Enter and Esc in the filter. The rows narrow as it is typed, the first match
    /// selected; cleared, the list shows every article with the one selected still selected.
    private mutating func applyFilter(_ action: ArticlesKeyAction.FilterAction) {
        switch action {
        case .start:
            isEditingFilter = true
            filterField.focus()
        case .keep:
            isEditingFilter = false
        case .clear:
            let selectedID = selectedArticleID
            isEditingFilter = false
            filterField.clear()
            filter.update(query: "", in: state.articles)
            list.count = rowCount
            list.select(selectedID.flatMap(state.articles.index(ofID:)) ?? 0)
        case .edit(let key):
            let before = filterField.text
            guard filterField.handle(key), filterField.text != before else { return }
            filter.update(query: filterField.text, in: state.articles)
            list.count = rowCount
            list.select(0)
        }
    }

    /// Runs one event through the domain's reducer and keeps the view state (list selection,
    /// spinner start, retry countdown) in step with the new state.
    private mutating func reduceDomain(_ event: ArticlesEvent, at now: Duration) -> [ArticlesEffect] {
        let selectedID = selectedArticleID
        let previousSync = state.sync
        let effects = state.reduce(event)
        // A new list, or more of the stored one: the filter's matches are found in it anew.
        switch event {
        case .cacheLoaded, .storedRowsLoaded, .fetchFinished: filter.refresh(in: state.articles)
        default: break
        }
        keepSelection(on: selectedID)
        if !previousSync.isRunning, state.sync.isRunning { animationStart = now }
        if case .waitingToRetry(let retry, _, _, _) = state.sync {
            let waitingAlready = if case .waitingToRetry(retry, _, _, _) = previousSync { true } else { false }
            if !waitingAlready { retryWaitStart = now }
        } else {
            retryWaitStart = nil
        }
        return effects
    }

    /// After the list changed, selects the same article again (a sync may have moved it), or
    /// keeps the position when it is gone. A selection at the top stays at the top: whoever has
    /// not moved wants the newest articles.
    private mutating func keepSelection(on id: Int?) {
        list.count = rowCount
        guard let id, list.selection > 0 else { return }
        if let index = filter.articleIndex(atRow: list.selection), state.articles.indices.contains(index),
            state.articles.id(at: index) == id
        { return }
        if let moved = state.articles.index(ofID: id).flatMap(filter.row(ofArticleAt:)) { list.select(moved) }
    }
}
