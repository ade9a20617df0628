import Foundation
import Testing

/// Drives a real program on a real pseudo-terminal, as a person would: tmux runs it in a detached
/// session of a given size, `send` types keys, `screen()` reads what is shown. Each instance has
/// its own tmux server (`-L`), so tests never see each other's sessions.
final class TmuxTerminal {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let socket = "ctui-e2e-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
    let directory: URL
    private let statusFile: URL
    private let sttyFile: URL

    /// Starts `command` at `width`×`height`. When it ends, its exit status and the terminal's
    /// modes (`stty -a`) are written to files, so tests can check the terminal was restored.
    init(_ command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        statusFile = directory.appendingPathComponent("status")
        sttyFile = directory.appendingPathComponent("stty")
        let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }
        let script = """
            cd \(Self.quote(directory.path)) && env \(env.joined(separator: " ")) \
            \(command.map(Self.quote).joined(separator: " ")); \
            echo $? > \(Self.quote(statusFile.path)); stty -a > \(Self.quote(sttyFile.path)); sleep 60
            """
        try tmux(["new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-s", "e2e", "sh", "-c", script])
    }

    deinit {
        // With tmux 3.3a, kill-server alone answers success yet leaves the server and the
        // program in its pane running (a challenge-server would run for ever, holding the test
        // run's pipes open); killing the session ends both, and the server with them.
        _ = try? tmux(["kill-session", "-t", "e2e"])
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Types keys, in tmux's names: "Down", "Enter", "Escape", "BSpace", "C-c", or literal text.
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "e2e"] + keys)
    }

    /// Types text literally (no key-name lookup).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "e2e", "-l", text])
    }

    /// Writes raw bytes to the program's input, as a terminal would send them (`send-keys -H`).
    func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "e2e", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// A left click at the cell `x`, `y` (0-based): xterm's SGR press and release, whether or not
    /// the program asked for the mouse.
    func click(x: Int, y: Int) throws {
        try sendBytes(Array("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m".utf8))
    }

    /// One wheel step (`up` or down) at the cell `x`, `y` (0-based).
    func wheel(up: Bool, x: Int, y: Int) throws {
        try sendBytes(Array("\u{1B}[<\(up ? 64 : 65);\(x + 1);\(y + 1)M".utf8))
    }

    /// Clicks the first cell of the first place `text` is on screen (plus `offset` cells).
    func click(_ text: String, offset: Int = 0) throws {
        let rows = try screen()
        guard let y = rows.firstIndex(where: { $0.contains(text) }), let range = rows[y].range(of: text) else {
            throw Failure(description: "no '\(text)' to click on; the screen was:\n" + rows.joined(separator: "\n"))
        }
        // Every character the tests click past is one column wide.
        try click(x: rows[y].distance(from: rows[y].startIndex, to: range.lowerBound) + offset, y: y)
    }

    /// Where the terminal's cursor is (0-based), as tmux tracks it.
    func cursor() throws -> (x: Int, y: Int) {
        let parts = try paneFlag("cursor_x") + " " + paneFlag("cursor_y")
        let numbers = parts.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 2 else { throw Failure(description: "no cursor position in '\(parts)'") }
        return (numbers[0], numbers[1])
    }

    /// Writes `text` to the pane's terminal as another program in it would (a server started
    /// with `&`): it lands over whatever the program drew.
    func writeToPane(_ text: String) throws {
        let tty = try paneFlag("pane_tty")
        guard let handle = FileHandle(forWritingAtPath: tty) else { throw Failure(description: "can't open \(tty)") }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Pastes `text` with tmux's own paste command: bracketed (`-p`) only if the program turned
    /// bracketed paste on, typed as keys otherwise.
    func pasteBuffer(_ text: String) throws {
        try tmux(["set-buffer", "-b", "e2e", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "e2e", "-t", "e2e"])
    }

    /// A pane format variable (`mouse_any_flag`, `mouse_sgr_flag`…): what the program in the pane
    /// switched on, as tmux tracks it.
    func paneFlag(_ name: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "e2e", "#{\(name)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "e2e", "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen as text, one string per row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "e2e"]).components(separatedBy: "\n")
    }

    /// The screen with its colours and attributes as escape sequences (`capture-pane -e`): RGB
    /// colours come back as `38;2;R;G;B`, palette ones as `38;5;N`.
    func screenWithColours() throws -> String {
        try tmux(["capture-pane", "-e", "-p", "-t", "e2e"])
    }

    /// Waits until `text` is on the screen and returns the screen. Polls; a timeout means the
    /// program never showed it, and the failure shows what was on the screen instead.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(20)) async throws -> [String] {
        try await waitUntil("'\(text)' on screen", timeout: timeout) { screen in
            screen.contains { $0.contains(text) }
        }
    }

    @discardableResult
    func waitUntil(_ what: String, timeout: Duration = .seconds(20), _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var last: [String] = []
        var unsettled = 0
        while true {
            // The screen is read once more after the deadline: a test task that got no thread for
            // a while (a busy machine) still sees what the program drew meanwhile.
            let pastDeadline = ContinuousClock.now >= deadline
            last = try screen()
            if condition(last) {
                // A capture can fall between two writes of one frame: hand back the screen only
                // once it has stopped changing, so what the test reads next is the whole frame.
                try await Task.sleep(for: .milliseconds(30))
                let again = try screen()
                if again == last { return last }
                // A screen that never stops moving (a spinner) is never caught still when a
                // loaded machine makes each capture slower than a frame: after two tries, a
                // second capture that still shows what is awaited will do (past the deadline
                // too, where waiting for a still screen would never end).
                unsettled += 1
                if unsettled >= 2, condition(again) { return again }
                continue
            }
            if pastDeadline { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "timed out waiting for \(what); the screen was:\n" + last.joined(separator: "\n"))
    }

    /// Waits for the program to end; returns its exit status and the terminal modes it left.
    func waitForExit(timeout: Duration = .seconds(20)) async throws -> (status: Int32, stty: String) {
        let deadline = ContinuousClock.now + timeout
        while true {
            let pastDeadline = ContinuousClock.now >= deadline
            if let status = try? String(contentsOf: statusFile, encoding: .utf8),
               let stty = try? String(contentsOf: sttyFile, encoding: .utf8), !stty.isEmpty,
               let code = Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return (code, stty)
            }
            if pastDeadline { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "the program did not exit; the screen was:\n" + ((try? screen()) ?? []).joined(separator: "\n"))
    }

    /// The pid of the program running in the pane (the child of the wrapping shell).
    func programPID() throws -> pid_t {
        let shell = try tmux(["display-message", "-p", "-t", "e2e", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let pid = children.split(separator: " ").first.flatMap({ pid_t($0) }) else {
            throw Failure(description: "no program is running in the pane")
        }
        return pid
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let (status, output) = try Spawn.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(output)")
        }
        return output
    }

    private static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Where the package's freshly built executables are: beside the test bundle.
enum BuiltProducts {
    static var directory: URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent()
    }

    static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// A fresh, empty data dir and key for one test run, so tests never touch the real home.
    static func isolatedEnvironment(dataDir: URL) -> [String: String] {
        [
            "CHALLENGE_TUI_DATA_DIR": dataDir.path,
            "CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32),
            "XDG_CONFIG_HOME": dataDir.appendingPathComponent("config").path,
            "TERM": "tmux-256color",
            "LANG": "C.UTF-8",
        ]
    }
}
