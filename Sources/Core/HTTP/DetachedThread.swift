import Glibc

/// Starts `body` on a new POSIX thread; nil when the system can't make one.
private func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { context in
        guard let context else { return nil }
        Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }, work)
    guard status == 0 else {
        Unmanaged<Work>.fromOpaque(work).release()
        return nil
    }
    return thread
}

/// Runs work on a POSIX thread of its own, for calls that block (libcurl's transfers) and so
/// must stay out of Swift's cooperative pool. Foundation's `Thread` would do the same, but it
/// lives in Foundation proper, which the app does not link (Docs/performance.md). Long CPU work
/// (decoding a picture, Docs/images.md) goes here too: the cooperative pool has one thread a core.
public enum DetachedThread {
    /// Starts `body` on a new detached thread; false when the system can't make one.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = startThread(body) else { return false }
        pthread_detach(thread)
        return true
    }

    /// Runs `body` on a thread of its own and returns what it returns; runs it here when the
    /// system can't make a thread (slower, never lost).
    public static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            if !start({ continuation.resume(returning: body()) }) { continuation.resume(returning: body()) }
        }
    }
}

/// A POSIX thread whose end can be waited for: a reader working on a body while the transfer
/// that fills it runs (`CurlHTTPClient`).
struct JoinableThread: @unchecked Sendable {
    private let thread: pthread_t

    /// Starts `body` on a new thread; nil when the system can't make one.
    static func start(_ body: @escaping @Sendable () -> Void) -> JoinableThread? {
        startThread(body).map(JoinableThread.init(thread:))
    }

    /// Waits for the thread's end. Once only.
    func join() { pthread_join(thread, nil) }
}
