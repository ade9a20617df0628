import Glibc
import TUI

/// A pipe for tests that need a descriptor to wait on: a byte put in makes it readable.
struct TestPipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TerminalError.cannotStart("pipe") }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    func put() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func take() {
        var byte: UInt8 = 0
        _ = read(readEnd, &byte, 1)
    }
}
