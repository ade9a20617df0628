import Contract
import Core

/// Everything the navigation flow's screens show, as a value. Change it only through
/// `reduce(_:)` (in NavigationReducer.swift); everything else a screen needs is a computed
/// property below.
public struct NavigationState: Hashable, Sendable {
    /// How long C stays at least, counted afresh each time C appears.
    public static let cMinimumDuration: Duration = .seconds(3)
    /// B2's hint when Next is pressed with nothing checked.
    public static let chooseOptionHint = "Choose an option first"

    /// The screen shown. While `isLoadingProgress`, the stored progress is not known yet.
    public internal(set) var screen: FlowScreen = .a
    /// Between `.start` and `.progressLoaded`: draw a neutral "starting" screen, take no keys.
    public internal(set) var isLoadingProgress = false

    /// rFetchExperiments' result, once fetched (and then persisted).
    public internal(set) var experiment: Experiment?
    public internal(set) var isFetchingExperiments = false
    /// A's last fetch failure; `r` fetches again.
    public internal(set) var fetchError: APIError?

    /// B1: index into `Choices.b1` of the highlighted (= selected) choice.
    public internal(set) var b1Selection = 0
    /// B2: index into `Choices.b2` of the cursor.
    public internal(set) var b2Cursor = 0
    /// B2: index into `Choices.b2` of the checked option, if any.
    public internal(set) var b2Checked: Int?
    /// The submit in flight (moves and Next are locked meanwhile).
    public internal(set) var submitting: Submission?
    /// The last submit failure on this B screen; Next (or `r`) tries again.
    public internal(set) var submitError: APIError?
    /// A hint for the user on this screen ("Choose an option first").
    public internal(set) var hint: String?

    /// On C: the B screen that led here (`nil` on the noScreenB path: no back button).
    public internal(set) var cameFrom: FlowScreen?
    /// On C: whether the 3-second minimum has passed.
    public internal(set) var cMinimumElapsed = false

    /// rLogin's live state, shown on every screen.
    public internal(set) var login: LoginState = .idle
    /// How rLogin is retried (`.login`: 1, 2, 4, 8, 15 s, no limit unless configured).
    public internal(set) var loginPolicy: RetryPolicy

    /// The stored progress could not be read (reported once; the flow started afresh).
    public internal(set) var loadError: StoreError?
    /// The last save failed (cleared by the next successful one). Never fatal.
    public internal(set) var saveError: StoreError?
    /// Grows with every `.persist` effect.
    public internal(set) var persistRevision = 0
    /// The newest revision whose save outcome is known (older outcomes are stale).
    var lastSaveOutcomeRevision = 0

    /// `loginPolicy`: `.login`, or `loginPolicy(maxAttempts:)` to give up after that many.
    public init(loginPolicy: RetryPolicy = .login) {
        self.loginPolicy = loginPolicy
    }

    /// rLogin's backoff (1, 2, 4, 8, 15 s…) giving up after `maxAttempts` attempts (`nil`: never).
    /// A configured limit below 1 counts as 1 rather than stopping the program.
    public static func loginPolicy(maxAttempts: Int?) -> RetryPolicy {
        var policy = RetryPolicy.login
        policy.maxAttempts = maxAttempts.map { max(1, $0) }
        return policy
    }
}

// MARK: What the screens render

extension NavigationState {
    /// What is stored for a returning user.
    public var progress: NavigationProgress {
        NavigationProgress(
            screen: screen, experiment: experiment, b1Selection: b1Selection, b2Checked: b2Checked,
            cameFrom: screen.isC ? cameFrom : nil)
    }

    /// Only C1/C2 have a back button, and C2 only when a B screen led there.
    public var canGoBack: Bool { !isLoadingProgress && screen.isC && cameFrom != nil }

    /// B1, B2 and B3 have a Next button.
    public var hasNextButton: Bool { !isLoadingProgress && screen.isB }

    /// Whether ↑/↓ do something (B1's wheel, B2's cursor; not while submitting).
    public var acceptsMoves: Bool {
        !isLoadingProgress && (screen == .b1 || screen == .b2) && submitting == nil
    }

    /// Whether Space does something (B2, not while submitting).
    public var acceptsToggle: Bool { !isLoadingProgress && screen == .b2 && submitting == nil }

    /// Whether `r` does something here: refetch on A, resubmit on B1/B2, or restart rLogin
    /// after it gave up (anywhere).
    public var canRetry: Bool {
        guard !isLoadingProgress else { return false }
        if login.hasGivenUp { return true }
        switch screen {
        case .a: return fetchError != nil && !isFetchingExperiments
        case .b1, .b2: return submitError != nil && submitting == nil
        default: return false
        }
    }

    /// B1's selected label.
    public var b1SelectedLabel: String { Choices.b1[clamped: b1Selection] }

    /// B2's checked label, if one is checked.
    public var b2CheckedLabel: String? { b2Checked.map { Choices.b2[clamped: $0] } }

    /// The text of C's title field: the selection made on the B screen that led here;
    /// `nil` on the B3 and noScreenB paths (and off C).
    public var cTitle: String? {
        switch (screen, cameFrom) {
        case (.c1, _): b1SelectedLabel
        case (.c2, .b2?): b2CheckedLabel
        default: nil
        }
    }

    /// Whether something is in progress on this screen (draw a spinner).
    public var isBusy: Bool {
        if isLoadingProgress || submitting != nil { return true }
        switch screen {
        case .a: return isFetchingExperiments
        case .c1, .c2: return !(login.hasGivenUp && cMinimumElapsed)
        default: return false
        }
    }

    /// A storage problem to show (saving takes precedence: it is the current one).
    public var storageMessage: String? { (saveError ?? loadError)?.message }
}

extension Array {
    /// The element at `index`, or the nearest one: state restored from disk never crashes a view.
    subscript(clamped index: Int) -> Element {
        self[Swift.min(Swift.max(index, startIndex), endIndex - 1)]
    }
}
