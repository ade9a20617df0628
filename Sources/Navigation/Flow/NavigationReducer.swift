import Contract
import Core

extension NavigationState {
    /// The only way the flow changes: pure (no I/O, no clock), returns the work to do.
    public mutating func reduce(_ event: NavigationEvent) -> [NavigationEffect] {
        switch event {
        case .start: return start()
        case .leave: return leave()
        case .progressLoaded(let result): return resume(result)
        case .loginFinished(let attempt, let result, let at): return loginFinished(attempt, result, at: at)
        case .experimentsFetched(let result): return experimentsFetched(result)
        case .submitFinished(let submission, let error): return submitFinished(submission, error)
        case .timerFired(let timer): return timerFired(timer)
        case .progressSaved(let revision):
            if revision > lastSaveOutcomeRevision {
                lastSaveOutcomeRevision = revision
                saveError = nil
            }
            return []
        case .progressSaveFailed(let error, let revision):
            if revision > lastSaveOutcomeRevision {
                lastSaveOutcomeRevision = revision
                saveError = error
            }
            return []
        case .moveUp, .moveDown, .toggle, .next, .back, .retry:
            // Keys wait until the stored progress says which screen this is.
            guard !isLoadingProgress else { return [] }
            return intent(event)
        }
    }

    // MARK: Lifecycle

    private mutating func start() -> [NavigationEffect] {
        // A launch starts from nothing but the configuration (and the persist revision, which
        // only grows so a runtime reused across launches never skips a write).
        var fresh = NavigationState(loginPolicy: loginPolicy)
        fresh.persistRevision = persistRevision
        fresh.lastSaveOutcomeRevision = lastSaveOutcomeRevision
        self = fresh
        isLoadingProgress = true
        login = .signingIn(attempt: 1)
        return [.loadProgress, .login(attempt: 1)]
    }

    private mutating func leave() -> [NavigationEffect] {
        if !login.isSignedIn && !login.hasGivenUp { login = .idle }
        isLoadingProgress = false
        isFetchingExperiments = false
        submitting = nil
        return [.cancel(NavigationEffectID.all)]
    }

    private mutating func resume(_ result: Result<NavigationProgress?, StoreError>) -> [NavigationEffect] {
        guard isLoadingProgress else { return [] }
        isLoadingProgress = false
        switch result {
        case .failure(let error):
            loadError = error
            return arrive()
        case .success(let progress):
            // The loader rejects inconsistent records; one that slips through starts afresh.
            guard let progress, progress.problem == nil else { return arrive() }
            screen = progress.screen
            experiment = progress.experiment
            b1Selection = progress.b1Selection
            b2Checked = progress.b2Checked
            b2Cursor = progress.b2Checked ?? 0
            cameFrom = progress.screen.isC ? progress.cameFrom : nil
            return arrive()
        }
    }

    // MARK: rLogin

    private mutating func loginFinished(
        _ attempt: Int, _ result: Result<SessionID, APIError>, at now: Duration
    ) -> [NavigationEffect] {
        guard case .signingIn(attempt) = login else { return [] }  // a stale answer
        switch result {
        case .success(let sessionID):
            login = .signedIn(sessionID)
            return finishCIfReady()
        case .failure(let error):
            guard loginPolicy.shouldRetry(error, after: attempt) else {
                login = .gaveUp(attempts: attempt, error: error)
                return []
            }
            let delay = loginPolicy.delay(after: attempt)
            login = .failed(attempt: attempt, error: error, retryDelay: delay, failedAt: now)
            return [.startTimer(.loginRetry, delay)]
        }
    }

    private mutating func timerFired(_ timer: TimerID) -> [NavigationEffect] {
        switch timer {
        case .loginRetry:
            guard case .failed(let attempt, _, _, _) = login else { return [] }
            login = .signingIn(attempt: attempt + 1)
            return [.login(attempt: attempt + 1)]
        case .cMinimum:
            guard screen.isC, !cMinimumElapsed else { return [] }
            cMinimumElapsed = true
            return finishCIfReady()
        }
    }

    /// C moves on to D once both the 3 s have passed and rLogin has succeeded.
    private mutating func finishCIfReady() -> [NavigationEffect] {
        guard screen.isC, cMinimumElapsed, login.isSignedIn else { return [] }
        return go(to: .d)
    }

    // MARK: Requests of A and B

    private mutating func experimentsFetched(_ result: Result<Experiment, APIError>) -> [NavigationEffect] {
        guard screen == .a, isFetchingExperiments else { return [] }
        isFetchingExperiments = false
        switch result {
        case .success(let fetched):
            experiment = fetched
            // One persist carries both the experiment and the screen it leads to.
            return go(to: fetched.screenAfterA)
        case .failure(let error):
            fetchError = error
            return []
        }
    }

    private mutating func submitFinished(_ submission: Submission, _ error: APIError?) -> [NavigationEffect] {
        guard submitting == submission, screen == submission.screen else { return [] }
        submitting = nil
        if let error {
            submitError = error
            return []
        }
        cameFrom = submission.screen
        return go(to: submission.screen == .b1 ? .c1 : .c2)
    }

    // MARK: User intents

    private mutating func intent(_ event: NavigationEvent) -> [NavigationEffect] {
        switch event {
        case .moveUp: return move(by: -1)
        case .moveDown: return move(by: 1)
        case .toggle:
            guard acceptsToggle else { return [] }
            b2Checked = b2Checked == b2Cursor ? nil : b2Cursor
            hint = nil
            return [persist()]
        case .next: return next()
        case .back:
            guard canGoBack, let from = cameFrom else { return [] }
            return [.cancel([.timer(.cMinimum)])] + go(to: from)
        case .retry: return retry()
        default: return []
        }
    }

    private mutating func move(by step: Int) -> [NavigationEffect] {
        guard acceptsMoves else { return [] }
        if screen == .b1 {
            // A wheel: the highlighted choice is the selection; it stops at both ends.
            let moved = min(max(b1Selection + step, 0), Choices.b1.count - 1)
            guard moved != b1Selection else { return [] }
            b1Selection = moved
            return [persist()]
        }
        b2Cursor = min(max(b2Cursor + step, 0), Choices.b2.count - 1)
        return []
    }

    private mutating func next() -> [NavigationEffect] {
        guard submitting == nil else { return [] }
        switch screen {
        case .b1:
            return submit(b1SelectedLabel)
        case .b2:
            guard let label = b2CheckedLabel else {
                hint = Self.chooseOptionHint
                return []
            }
            return submit(label)
        case .b3:
            cameFrom = .b3
            return go(to: .c2)
        default:
            return []
        }
    }

    private mutating func submit(_ selection: String) -> [NavigationEffect] {
        let submission = Submission(screen: screen, selection: selection)
        submitting = submission
        submitError = nil
        hint = nil
        // Not waiting for rLogin: the challenge lets C wait for it; the id goes along once known.
        return [.submitSelection(submission, sessionID: login.sessionID)]
    }

    private mutating func retry() -> [NavigationEffect] {
        var effects: [NavigationEffect] = []
        if login.hasGivenUp {
            login = .signingIn(attempt: 1)
            effects.append(.login(attempt: 1))
        }
        switch screen {
        case .a where fetchError != nil && !isFetchingExperiments:
            effects += arrive()
        case .b1 where submitError != nil, .b2 where submitError != nil:
            effects += next()
        default:
            break
        }
        return effects
    }

    // MARK: Screens

    /// Changes the screen and persists the change.
    private mutating func go(to next: FlowScreen) -> [NavigationEffect] {
        if !next.isC { cameFrom = nil }
        screen = next
        hint = nil
        submitError = nil
        fetchError = nil
        return [persist()] + arrive()
    }

    /// What a screen starts when it appears (entered, or resumed at launch).
    private mutating func arrive() -> [NavigationEffect] {
        switch screen {
        case .a:
            if let experiment { return go(to: experiment.screenAfterA) }
            isFetchingExperiments = true
            fetchError = nil
            return [.fetchExperiments]
        case .c1, .c2:
            cMinimumElapsed = false
            return [.startTimer(.cMinimum, Self.cMinimumDuration)]
        case .b1, .b2, .b3, .d:
            return []
        }
    }

    private mutating func persist() -> NavigationEffect {
        persistRevision += 1
        return .persist(progress, revision: persistRevision)
    }
}
