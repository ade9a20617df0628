import Foundation
import Glibc
import Synchronization
import Testing
@testable import DevServer

@Suite struct SocketWaitTests {
    @Test func theTimeLeftIsRoundedUpAndNeverNegative() {
        let now = ContinuousClock.now
        #expect(Socket.millisecondsLeft(to: now - .seconds(1)) == 0)
        let soon = Socket.millisecondsLeft(to: ContinuousClock.now + .microseconds(200_100))
        #expect(soon == 201 || soon == 200, "200.1 ms ahead, less whatever passed since: \(soon)")
        #expect(Socket.millisecondsLeft(to: ContinuousClock.now + .seconds(1e9)) == Int32.max)
    }

    /// Signals arriving faster than the timeout used to restart the whole wait each time, so an
    /// idle keep-alive connection was never closed while they kept coming (a test process full
    /// of child processes sends itself a SIGCHLD storm). The wait must end on time regardless.
    @Test func aWaitEndsAtItsTimeoutWhileSignalsKeepInterruptingIt() throws {
        var pair: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        let reader = pair[0]
        // A handler (not SIG_IGN) makes poll return EINTR; SA_RESTART does not restart poll.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        var previous = sigaction()
        sigaction(SIGUSR2, &action, &previous)
        defer { sigaction(SIGUSR2, &previous, nil) }

        let waiter = Mutex<(thread: pthread_t?, done: Bool, result: [Bool])>((nil, false, []))
        let thread = Thread {
            var unblocked = sigset_t()
            sigemptyset(&unblocked)
            sigaddset(&unblocked, SIGUSR2)
            pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
            waiter.withLock { $0.thread = pthread_self() }
            let result = Socket.waitReadable([reader], timeout: 0.3)
            waiter.withLock { $0.done = true; $0.result = result }
        }
        thread.start()
        // Interrupt it every 20 ms for up to 10 s; the old loop would still be waiting then.
        var signals = 0
        for _ in 0..<500 {
            if waiter.withLock({ $0.done }) { break }
            if let target = waiter.withLock({ $0.thread }) {
                pthread_kill(target, SIGUSR2)
                signals += 1
            }
            usleep(20_000)
        }
        #expect(waiter.withLock { $0.done }, "still waiting after \(signals) signals")
        #expect(signals > 3, "the wait was interrupted")
        #expect(waiter.withLock { $0.result } == [false], "nothing was readable: it timed out")
    }
}
