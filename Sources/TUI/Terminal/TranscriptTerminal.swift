import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// The terminal of the screen-reader mode (Docs/screen-reader.md): no alternate screen, no
/// cursor addressing, nothing drawn. Keys are read from the terminal in raw mode (no echo, so a
/// password is never shown) through the same decoder as the full screen's; what the app says
/// is written as plain lines (`say`), which stay in the scrollback for the screen reader. The
/// app still lays out and draws its frames, at a fixed size, off screen: what fits, which
/// pictures load and a recording's digests are the same as in the full screen at that size.
public final class TranscriptTerminal: Terminal {
    public let size: Size
    public var inputDescriptor: Int32 { input }
    private let input: Int32
    private let output: Int32
    private var saved: termios?
    private var decoder = InputDecoder()
    /// Turns the bytes read into characters, keeping one cut by the end of a read.
    private var reader = KeySequenceReader()
    private var ended = false
    private var lastReadTookInput = false

    /// `size`: the size the app lays out at (the real terminal's does not matter: nothing is
    /// drawn on it).
    public init(size: Size = Size(width: 80, height: 24), input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.size = size
        self.input = input
        self.output = output
    }

    public func start() throws {
        guard isatty(input) == 1 else { throw TerminalError.cannotStart("standard input is not a terminal") }
        var modes = termios()
        guard tcgetattr(input, &modes) == 0 else { throw TerminalError.cannotStart(String(cString: strerror(errno))) }
        saved = modes
        takeKeys()
    }

    public func stop() {
        guard var modes = saved else { return }
        tcsetattr(input, TCSADRAIN, &modes)
        saved = nil
    }

    public func suspend() {
        guard var modes = saved else { return }
        tcsetattr(input, TCSADRAIN, &modes)
    }

    public func resume() { takeKeys() }

    /// Keys one by one, unechoed; output as it was (a line break starts a new line).
    private func takeKeys() {
        guard var modes = saved else { return }
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        modes.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSADRAIN, &modes)
    }

    /// Nothing is drawn: the frame stays off screen.
    public func present(_ canvas: Canvas, cursor: Point?) {}

    public func readKeys() -> [Key] { readKeys(inputIsReadable: false) }

    public func readKeys(inputIsReadable: Bool) -> [Key] {
        lastReadTookInput = false
        // Asked only when the loop's wait has not just said so (a `poll` less per key).
        var ready = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        guard inputIsReadable || poll(&ready, 1, 0) == 1 else { return [] }
        // On the stack: a zeroed 4 KB array per read was a twentieth of a key press.
        let (count, events) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            let count = read(input, buffer.baseAddress, buffer.count)
            // No key table here: every byte is a character; a character the read cut waits for
            // the next one.
            return (count, count > 0 ? reader.read(UnsafeBufferPointer(rebasing: buffer[0..<count])) { _ in 0 } : [])
        }
        if count == 0 { ended = true }
        guard count > 0 else { return [] }
        lastReadTookInput = true
        var keys: [Key] = []
        for event in events { keys += decoder.feed(status: event.status, value: event.value) }
        return keys + decoder.endOfRead()
    }

    public var isInsideInputSequence: Bool { decoder.isInsideSequence }
    public func endInputSequence() -> [Key] { decoder.endSequence() }
    public var inputHasEnded: Bool { ended }

    /// Writes `lines`, each ending in a line break.
    public func say(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        let text = Array(lines.map { $0 + "\n" }.joined().utf8)
        var written = 0
        while written < text.count {
            let count = text[written...].withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
