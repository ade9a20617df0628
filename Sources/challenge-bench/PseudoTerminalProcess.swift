import CNcurses
#if canImport(Glibc)
import Glibc
#endif

/// What a program wrote, and when (seconds since it was spawned).
struct Chunk: Equatable, Sendable {
    var time: Double
    var bytes: [UInt8]
}

/// A program running on a pseudo-terminal of a given size, read by the calling thread: the
/// bench pumps its output while it waits, so nothing runs behind its back (no reader thread
/// whose wake-ups would blur the timings). Spawned with posix_spawn in a new session, the pty
/// slave as its stdin, stdout and stderr.
final class PseudoTerminalProcess {
    let pid: pid_t
    let master: Int32
    private let started: ContinuousClock.Instant
    private(set) var chunks: [Chunk] = []
    private(set) var screen: ScreenModel
    private(set) var hasExited = false
    private var exitStatus: Int32?

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts `path` with `arguments` on a new `width`×`height` pty; `environment` is the whole
    /// environment of the child.
    init(path: String, arguments: [String], environment: [String: String], width: Int = 80, height: Int = 24) throws {
        var master: Int32 = -1, slave: Int32 = -1
        guard ctui_open_pty(&master, &slave) == 0 else {
            throw Failure(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in Int32(0)...2 { posix_spawn_file_actions_adddup2(&actions, slave, target) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: the program never touches the terminal the bench runs in.
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID))

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }

        var pid: pid_t = 0
        let start = ContinuousClock.now
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, env)
        close(slave)
        guard status == 0 else {
            close(master)
            throw Failure(description: "cannot run \(path): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.master = master
        self.started = start
        self.screen = ScreenModel(width: width, height: height)
    }

    deinit {
        terminate()
        close(master)
    }

    /// glibc's POSIX_SPAWN_SETSID (a macro Swift does not import everywhere).
    private static let spawnSetSID: Int32 = 0x80

    /// Seconds since the program was spawned.
    var now: Double { Self.seconds(ContinuousClock.now - started) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    var totalBytes: Int { chunks.reduce(0) { $0 + $1.bytes.count } }

    // MARK: Reading

    /// Reads what is there, waiting at most `timeout` seconds for the first byte. Returns the
    /// new chunk, or nil when nothing came (or the program is gone).
    @discardableResult
    func readOnce(timeout: Double) -> Chunk? {
        guard !hasExited else { return nil }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, timeout * 1000).rounded(.up)))
        guard ready > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else {
            if count == 0 || errno != EINTR && errno != EAGAIN { hasExited = true }
            return nil
        }
        let chunk = Chunk(time: now, bytes: Array(buffer[0..<count]))
        chunks.append(chunk)
        screen.feed(chunk.bytes)
        return chunk
    }

    /// Pumps output until every marker is on screen; returns the time (since spawn) of the
    /// chunk that completed it, or nil after `timeout` seconds.
    func waitFor(_ markers: [String], timeout: Double) -> Double? {
        let deadline = now + timeout
        if screen.containsAll(markers) { return chunks.last?.time ?? now }
        while now < deadline, !hasExited {
            if let chunk = readOnce(timeout: deadline - now), screen.containsAll(markers) { return chunk.time }
        }
        return nil
    }

    /// Pumps output until nothing has come for `quiet` seconds (or `timeout` passes).
    func settle(quiet: Double = 0.15, timeout: Double = 3) {
        let deadline = now + timeout
        while now < deadline, !hasExited {
            if readOnce(timeout: min(quiet, deadline - now)) == nil { return }
        }
    }

    /// Pumps output for `seconds`, whatever comes.
    func drain(for seconds: Double) {
        let deadline = now + seconds
        while now < deadline, !hasExited { readOnce(timeout: deadline - now) }
    }

    // MARK: Writing

    /// Types `bytes` in one write, as a terminal does for one key; returns when (since spawn).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Double {
        let time = now
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        return time
    }

    /// The bytes of the ↓ key as the program asked for them (application cursor mode or not).
    var downKey: [UInt8] { Array((screen.applicationCursorKeys ? "\u{1B}OB" : "\u{1B}[B").utf8) }

    // MARK: Ending

    /// SIGTERM, then SIGKILL if it has not gone within a second; reaps the child. Idempotent.
    func terminate() {
        guard exitStatus == nil else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status; return }
            readOnce(timeout: 0.01) // keep the pty drained so its writes never block
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        exitStatus = status
    }
}
