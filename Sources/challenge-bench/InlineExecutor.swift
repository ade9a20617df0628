import Synchronization

/// Where the headless app's effects run: queued here and run on the bench's own thread between
/// the loop's turns (`runPending()`), never on Swift's cooperative pool. A pool busy with other
/// work (the test suite's, two threads on this machine) would otherwise leave a sync unanswered
/// however long the bench waits for it.
final class InlineExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Runs what is queued, and what that queues, until nothing is left.
    func runPending() {
        while true {
            let batch = jobs.withLock { jobs -> [UnownedJob] in
                defer { jobs.removeAll() }
                return jobs
            }
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}
