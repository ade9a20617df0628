import Synchronization

/// An effect value a reducer returns. Identity decides cancellation: starting an effect cancels
/// the running one with the same `id`, and an effect may name ids to cancel (leaving a screen
/// cancels its pending work).
public protocol RunnableEffect: Sendable {
    /// What names a running effect, typed by each domain (`NavigationEffectID`…); none by default.
    associatedtype ID: Hashable & Sendable = Never
    /// Effects with the same id replace each other; `nil` runs alongside everything.
    var id: ID? { get }
    /// Ids of running effects to cancel before this one starts.
    var cancels: [ID] { get }
}

extension RunnableEffect {
    public var id: ID? { nil }
    public var cancels: [ID] { [] }
}

/// Runs effect values as tasks with injected dependencies (captured by `perform`) and sends the
/// events they produce back to whoever owns the state. Cancelling is by id or all at once
/// (leaving a challenge). Tasks run on `executor` when one is given (tests pass an executor they
/// drive, so effects run exactly when the test says), else on the global concurrent executor.
public final class EffectRunner<Effect: RunnableEffect, Event: Sendable>: Sendable {
    public typealias Perform = @Sendable (Effect, _ send: @escaping @Sendable (Event) -> Void) async -> Void

    private struct Running {
        var tasks: [Effect.ID: (token: Int, task: Task<Void, Never>)] = [:]
        var anonymous: [Int: Task<Void, Never>] = [:]
        var nextToken = 0
    }

    private let perform: Perform
    private let send: @Sendable (Event) -> Void
    private let executor: (any TaskExecutor)?
    private let running = Mutex(Running())

    public init(
        executor: (any TaskExecutor)? = nil, perform: @escaping Perform, send: @escaping @Sendable (Event) -> Void
    ) {
        self.executor = executor
        self.perform = perform
        self.send = send
    }

    /// Starts each effect in order.
    public func run(_ effects: [Effect]) {
        for effect in effects { run(effect) }
    }

    public func run(_ effect: Effect) {
        running.withLock { running in
            for id in effect.cancels { running.tasks.removeValue(forKey: id)?.task.cancel() }
            let token = running.nextToken
            running.nextToken += 1
            let task = Task(executorPreference: executor) { [perform, send, weak self] in
                await perform(effect) { event in
                    // A cancelled effect's late results are dropped: its screen has moved on.
                    if !Task.isCancelled { send(event) }
                }
                self?.finished(id: effect.id, token: token)
            }
            if let id = effect.id {
                running.tasks.updateValue((token, task), forKey: id)?.task.cancel()
            } else {
                running.anonymous[token] = task
            }
        }
    }

    public func cancel(_ id: Effect.ID) {
        running.withLock { $0.tasks.removeValue(forKey: id)?.task.cancel() }
    }

    public func cancelAll() {
        cancelAll(keeping: { _ in false })
    }

    /// Cancels everything but the effects whose id `keeping` spares (a save that must finish).
    public func cancelAll(keeping: (Effect.ID) -> Bool) {
        running.withLock { running in
            for (id, entry) in running.tasks where !keeping(id) {
                entry.task.cancel()
                running.tasks[id] = nil
            }
            running.anonymous.values.forEach { $0.cancel() }
            running.anonymous = [:]
        }
    }

    private func finished(id: Effect.ID?, token: Int) {
        running.withLock { running in
            if let id {
                if running.tasks[id]?.token == token { running.tasks[id] = nil }
            } else {
                running.anonymous[token] = nil
            }
        }
    }
}
