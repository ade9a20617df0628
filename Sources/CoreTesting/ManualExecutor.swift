import Synchronization

/// A task executor that runs nothing until the test says so: tasks started with it as their
/// preference (`EffectRunner(executor:)`) queue their jobs here, and `runUntilIdle()` runs them
/// on the test's thread, in order, until none is left. Together with `ManualClock` it makes a
/// test of asynchronous effects deterministic: no thread races the test, nothing waits on wall
/// time, and "nothing is left to run" is a fact the test can assert instead of a wait that hangs.
///
/// Jobs may be enqueued from any thread (a continuation resumed by a clock or a callback); they
/// run only inside `runUntilIdle()`.
public final class ManualExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])

    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Jobs waiting to run.
    public var pendingCount: Int { jobs.withLock { $0.count } }

    /// Runs queued jobs, and the jobs they queue, until the queue is empty. Returns how many ran.
    @discardableResult
    public func runUntilIdle() -> Int {
        var count = 0
        while true {
            let batch = jobs.withLock { jobs -> [UnownedJob] in
                defer { jobs.removeAll() }
                return jobs
            }
            if batch.isEmpty { return count }
            for job in batch {
                job.runSynchronously(on: asUnownedTaskExecutor())
                count += 1
            }
        }
    }
}
