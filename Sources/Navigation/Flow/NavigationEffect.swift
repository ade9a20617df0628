import Core

/// The timers of the flow. Their raw values are the effect ids (so starting one replaces a
/// pending one of the same kind, and leaving a screen can cancel it).
public enum TimerID: String, Hashable, Sendable, CaseIterable {
    /// Waits before the next rLogin attempt.
    case loginRetry = "login.retry"
    /// C's 3-second minimum.
    case cMinimum = "c.minimum"
}

/// What rSubmitSelection sends (besides the session id): the B screen and the chosen label.
public struct Submission: Hashable, Sendable {
    public var screen: FlowScreen
    public var selection: String

    public init(screen: FlowScreen, selection: String) {
        self.screen = screen
        self.selection = selection
    }
}

/// Work the reducer asks for; `NavigationRuntime` performs it. Effects with an `id` are
/// cancellable (Core's `EffectRunner` replaces and cancels them by id).
public enum NavigationEffect: RunnableEffect, Hashable {
    /// Reads the stored progress → `.progressLoaded`.
    case loadProgress
    /// One rLogin attempt → `.loginFinished(attempt:result:at:)`.
    case login(attempt: Int)
    /// One rFetchExperiments try → `.experimentsFetched`.
    case fetchExperiments
    /// One rSubmitSelection try → `.submitFinished`. `sessionID` is `nil` before sign-in.
    case submitSelection(Submission, sessionID: SessionID?)
    /// Sleeps on the runtime's clock → `.timerFired(id)`; a cancelled timer sends nothing.
    case startTimer(TimerID, Duration)
    /// Writes the progress → `.progressSaved` or `.progressSaveFailed`. `revision` grows with
    /// every persist, so a write that loses a race to a newer one is skipped.
    case persist(NavigationProgress, revision: Int)
    /// Cancels running effects by id; does nothing else.
    case cancel([NavigationEffectID])

    /// Its id, typed: effects with the same one replace each other.
    public var id: NavigationEffectID? {
        switch self {
        case .login: .login
        case .fetchExperiments: .fetchExperiments
        case .submitSelection: .submitSelection
        case .startTimer(let timer, _): .timer(timer)
        case .loadProgress, .persist, .cancel: nil
        }
    }

    public var cancels: [NavigationEffectID] {
        switch self {
        case .cancel(let ids): ids
        // A new attempt makes a pending retry timer pointless (`r` after giving up, or relaunch).
        case .login: [.timer(.loginRetry)]
        default: []
        }
    }
}

/// The ids of the flow's cancellable effects, as the effect runner keys them.
public enum NavigationEffectID: Hashable, Sendable {
    case login, fetchExperiments, submitSelection
    case timer(TimerID)

    /// Everything cancellable, for leaving the flow.
    public static let all: [NavigationEffectID] = [.login, .fetchExperiments, .submitSelection] + TimerID.allCases.map(Self.timer)

}
