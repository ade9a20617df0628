import Synchronization

/// An effect value a reducer returns. Identity decides cancellation: starting an effect cancels
/// the running one with the same `id`, and an effect may name ids to cancel (leaving a screen
/// cancels its pending work).
public protocol RunnableEffect: Sendable {
    /// Effects with the same id replace each other; `nil` runs alongside everything.
    var id: String? { get }
    /// Ids of running effects to cancel before this one starts.
    var cancels: [String] { get }
}

extension RunnableEffect {
    public var id: String? { nil }
    public var cancels: [String] { [] }
}

/// Runs effect values as tasks with injected dependencies (captured by `perform`) and sends the
/// events they produce back to whoever owns the state. Cancelling is by id or all at once
/// (leaving a challenge).
public final class EffectRunner<Effect: RunnableEffect, Event: Sendable>: Sendable {
    public typealias Perform = @Sendable (Effect, _ send: @escaping @Sendable (Event) -> Void) async -> Void

    private struct Running {
        var tasks: [String: (token: Int, task: Task<Void, Never>)] = [:]
        var anonymous: [Int: Task<Void, Never>] = [:]
        var nextToken = 0
    }

    private let perform: Perform
    private let send: @Sendable (Event) -> Void
    private let running = Mutex(Running())

    public init(perform: @escaping Perform, send: @escaping @Sendable (Event) -> Void) {
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
            let task = Task { [perform, send, weak self] in
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

    public func cancel(_ id: String) {
        running.withLock { $0.tasks.removeValue(forKey: id)?.task.cancel() }
    }

    public func cancelAll() {
        running.withLock { running in
            running.tasks.values.forEach { $0.task.cancel() }
            running.anonymous.values.forEach { $0.cancel() }
            running = Running(nextToken: running.nextToken)
        }
    }

    /// Ids of effects still running, sorted (for tests and the inspector).
    public var runningIDs: [String] { running.withLock { $0.tasks.keys.sorted() } }

    /// Whether anything at all is still running.
    public var isIdle: Bool { running.withLock { $0.tasks.isEmpty && $0.anonymous.isEmpty } }

    private func finished(id: String?, token: Int) {
        running.withLock { running in
            if let id {
                if running.tasks[id]?.token == token { running.tasks[id] = nil }
            } else {
                running.anonymous[token] = nil
            }
        }
    }
}
