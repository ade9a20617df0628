import CEpoll
import Foundation

/// Puts the calling thread and every thread of another process on one processor for a while.
/// A closed-loop client and a server at one connection are a ping-pong: on this VM, waking a
/// thread on the other processor costs ten times the rest of a round trip, so where the
/// scheduler happens to put the two decides the round more than either server's code. Both
/// servers are measured placed alike (Docs/performance.md, "Results on this machine").
enum ProcessorPin {
    /// `body`, run with the caller and the threads of `pid` on the processor the caller is on;
    /// afterwards all of them may run anywhere they could before. Nil when threads can't be
    /// placed here (not Linux, or a restricted sandbox).
    static func together<T>(with pid: Int32, _ body: () -> T) -> T? {
        let cpu = cepoll_current_cpu()
        guard cpu >= 0 else { return nil }
        defer { release(pid) }
        guard cepoll_pin_thread(0, cpu) == 0 else { return nil }
        let threads = threads(of: pid)
        guard !threads.isEmpty, threads.allSatisfy({ cepoll_pin_thread($0, cpu) == 0 }) else { return nil }
        return body()
    }

    private static func release(_ pid: Int32) {
        _ = cepoll_pin_thread(0, -1)
        for thread in threads(of: pid) { _ = cepoll_pin_thread(thread, -1) }
    }

    /// The thread ids of `pid`, from /proc.
    static func threads(of pid: Int32) -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []).compactMap { Int32($0) }.sorted()
    }
}
