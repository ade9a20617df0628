import TUI

/// What the shell decides with, as a value: the screens on the stack, each with the `ScreenID`
/// minted when it was pushed and the challenge it belongs to, the overlays over the top one
/// (help, the leave question, the fault panel, the timeline), the network inspector, the toast
/// and the notice; `reduce` changes it and returns what the runner must do, as values
/// (Docs/architecture.md, "The shell"). The hosted screens themselves (`FeatureHost` objects)
/// stay with `ChallengeShell`, in the same order, each answering to its id; what the reducer
/// needs to know of them comes with the key (`ShellKeyFacts`).
package struct ShellState: Equatable, Sendable {
    /// One screen on the stack.
    package struct Entry: Equatable, Sendable {
        package let id: ScreenID
        /// Nil for the launcher.
        package let challenge: ChallengeID?
    }

    /// A screen's toast, part of that screen: drawn on its area's last row while it is on top,
    /// dropped when it is left or covered (Docs/keys.md, "Toasts").
    package struct ScreenToast: Equatable, Sendable {
        package var toast: Toast
        package var owner: ScreenID
    }

    /// Bottom (the launcher) to top.
    package var screens: [Entry] = []
    /// How many screens were ever pushed: the next one's number.
    package var opened = 0
    package var toast: ScreenToast?
    /// The shell's own notice (the store can't be opened): a row of its own above the key bar.
    package var notice: Toast?
    /// The network inspector while it is open (nil: hidden).
    package var inspector: InspectorState? {
        didSet { inspectorFlags = InspectorFlags(inspector) }
    }
    /// What the keys ask of the inspector at every press, kept apart: reading them through the
    /// optional copied the inspector's whole state each time (Docs/performance.md, "A key press").
    package private(set) var inspectorFlags = InspectorFlags(nil)
    /// Over the top screen, bottom to top; the top one has the keys.
    package var overlays: [Overlay] = []
    /// What the fault panel keeps from one opening to the next.
    package var faultMemory = FaultPanelMemory()
    /// Whether the animation timer runs: it does exactly while something moves.
    package var isAnimating = false

    package var top: Entry? { screens.last }

    /// The challenge of the topmost screen that belongs to one (nil on the launcher).
    package var currentChallenge: ChallengeID? { screens.reversed().lazy.compactMap(\.challenge).first }

    /// How long a toast shows; the notice, which says something that matters all run, longer.
    package static let toastDuration = Duration.seconds(3)
    package static let noticeDuration = Duration.seconds(6)

    /// Pure: applies `event` at `now` (the loop's time) and returns what the runner must do.
    package mutating func reduce(_ event: ShellEvent, at now: Duration) -> [ShellEffect] {
        switch event {
        case .key(let key, let facts):
            return handle(key, facts, at: now)
        case .command(let command, let facts):
            return perform(command, facts, at: now)
        case .pushed(let challenge):
            screens.append(Entry(id: ScreenID(number: opened), challenge: challenge))
            opened += 1
            // A toast is part of its screen: covered, it goes.
            toast = nil
            return []
        case .toast(let message, let kind):
            return show(message, kind, at: now)
        case .firstFrameShown(let storeProblem):
            guard let storeProblem else { return [] }
            // What matters first: a narrow row cuts the rest (Docs/security.md).
            let notice = Toast("Nothing will be kept: " + storeProblem, kind: .error, now: now, duration: Self.noticeDuration)
            self.notice = notice
            return [.schedule(.notice, at: notice.deadline)]
        case .toastExpired:
            if let toast, toast.toast.isExpired(at: now) { self.toast = nil }
            if let notice, notice.isExpired(at: now) { self.notice = nil }
            return []
        case .moving(let moves):
            guard moves != isAnimating else { return [] }
            isAnimating = moves
            return moves ? [.schedule(.animation, at: now + Spinner().interval)] : [.cancel(.animation)]
        case .animationFrame:
            isAnimating = false
            return []
        case .pressedN:
            switch inspector?.isFocused {
            case nil: inspector = InspectorState()
            case false?: inspector?.isFocused = true
            case true?: inspector = nil
            }
            return []
        case .inspectorHidden:
            inspector = nil
            return []
        case .inspectorFocused(let isFocused):
            inspector?.isFocused = isFocused
            return []
        case .inspectorScrolled(let rows):
            inspector?.scrollView(by: rows)
            return []
        case .inspectorLaidOut(let visibleRows, let rowCount):
            inspector?.layout(visibleRows: visibleRows, rowCount: rowCount)
            return []
        case .faultPanelOpened(let panel):
            overlays.append(.faults(panel))
            return []
        case .faultPanelClicked(let target):
            guard case .faults(var panel)? = overlays.last else { return [] }
            let changes = panel.handle(target)
            overlays[overlays.count - 1] = .faults(panel)
            return changes.isEmpty ? [] : [.changeMock(changes)]
        case .scenarioLoaded(let scenario, let choiceValues):
            guard case .faults(var panel)? = overlays.last, var model = panel.model else { return [] }
            let changes = model.apply(scenario, choiceValues: choiceValues)
            panel.model = model
            overlays[overlays.count - 1] = .faults(panel)
            return [.changeMock(changes)]
        case .scenarioFailed(let problem):
            guard case .faults(var panel)? = overlays.last else { return [] }
            panel.model?.failed(problem)
            overlays[overlays.count - 1] = .faults(panel)
            return []
        case .mockChanged(let behaviours):
            for index in overlays.indices {
                guard case .faults(var panel) = overlays[index] else { continue }
                panel.model?.refresh(behaviours)
                overlays[index] = .faults(panel)
            }
            return []
        case .timelineClicked(let sequence, let rows):
            guard case .timeline(var timeline)? = overlays.last else { return [] }
            timeline.select(sequence, in: rows)
            overlays[overlays.count - 1] = .timeline(timeline)
            return []
        }
    }

    /// Drops the top screen (never the launcher), its toast and whatever was over it.
    mutating func leaveTop() -> [ShellEffect] {
        guard screens.count > 1 else { return [] }
        let left = screens.removeLast()
        toast = nil
        overlays = []
        return [.screenLeft(left)]
    }

    /// A toast for the screen on top, due `toastDuration` from `now`.
    mutating func show(_ message: String, _ kind: Toast.Kind, at now: Duration) -> [ShellEffect] {
        guard let top else { return [] }
        let toast = Toast(message, kind: kind, now: now, duration: Self.toastDuration)
        self.toast = ScreenToast(toast: toast, owner: top.id)
        return [.schedule(.toast, at: toast.deadline)]
    }
}

/// Whether the inspector is shown, has the keys, and is editing its filter.
package struct InspectorFlags: Equatable, Sendable {
    package var isShown: Bool
    package var isFocused: Bool
    package var isEditingFilter: Bool

    init(_ inspector: InspectorState?) {
        isShown = inspector != nil
        isFocused = inspector?.isFocused == true
        isEditingFilter = inspector?.isEditingFilter == true
    }
}
