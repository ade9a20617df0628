import CNcurses
import Testing
@testable import TUI
#if canImport(Glibc)
import Glibc
#endif

/// Found by challenge-bench (Docs/performance.md): a program whose terminal window went away kept one core
/// busy, because a pty with a closed master polls as readable and hung up at once.
@Suite(.timeLimit(.minutes(10))) struct PollerHangUpTests {
    @Test func aPseudoTerminalWhoseMasterClosedIsReportedHungUp() throws {
        var master: Int32 = -1, slave: Int32 = -1
        try #require(ctui_open_pty(&master, &slave) == 0)
        defer { close(slave) }
        close(master)
        let result = SystemPoller().wait(for: [slave], timeout: .seconds(5))
        #expect(result.hungUp == [slave])
    }
}
