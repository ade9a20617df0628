import Foundation

/// Runs `body` on a thread of its own and awaits its result. Swift Testing runs tests as tasks
/// on the cooperative pool, one thread per core (two here): a test that computes or blocks for
/// seconds in one go would hold a pool thread all that time and starve the tests that wait on
/// real processes with deadlines. Heavy or blocking test work goes through this instead.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
