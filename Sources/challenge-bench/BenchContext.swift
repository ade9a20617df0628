import CommandLineKit
import Core
import Foundation

/// What every section needs: the options, where the programs are, and a private data
/// directory and key so the measured app never touches the user's own data.
struct BenchContext {
    let options: BenchOptions
    /// The app as measured: an installed copy of the build's file (see `InstalledCopy`).
    let tuiPath: String
    /// The build's own file, as the linker wrote it; the first frame is measured from it too.
    let builtTUIPath: String
    let serverPath: String
    let dialogPath: String?
    let nodePath: String?
    /// Not required: a second opinion on the server's throughput when installed.
    let wrkPath: String?
    let scratch: String

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(options: BenchOptions) throws {
        self.options = options
        let directory = options.binDirectory ?? Self.ownDirectory()
        builtTUIPath = directory + "/challenge-tui"
        serverPath = directory + "/challenge-server"
        for path in [builtTUIPath, serverPath] where !FileManager.default.isExecutableFile(atPath: path) {
            throw Failure(description: """
                \(path) is missing. Build the release binaries first:
                    swift build -c release && swift run -c release challenge-bench
                """)
        }
        dialogPath = Self.which("dialog")
        nodePath = Self.which("node")
        wrkPath = Self.which("wrk")
        var template = Array((NSTemporaryDirectory() + "/challenge-bench-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "cannot create a scratch directory") }
        scratch = String(cString: made)
        tuiPath = try InstalledCopy.install(builtTUIPath, into: scratch + "/bin")
    }

    /// Given parts (tests).
    init(options: BenchOptions, tuiPath: String, serverPath: String, dialogPath: String?, nodePath: String?, wrkPath: String? = nil,
         scratch: String) {
        self.options = options
        self.tuiPath = tuiPath
        self.builtTUIPath = tuiPath
        self.serverPath = serverPath
        self.dialogPath = dialogPath
        self.nodePath = nodePath
        self.wrkPath = wrkPath
        self.scratch = scratch
    }

    /// Removes the scratch directory.
    func cleanUp() { try? FileManager.default.removeItem(atPath: scratch) }

    /// The environment of a measured program: a pty-friendly terminal type, UTF-8, a private
    /// data directory and a fixed key (no key file to create on the first run).
    var appEnvironment: [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment = [
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "CHALLENGE_TUI_DATA_DIR": scratch + "/data",
            "CHALLENGE_TUI_KEY": String(repeating: "5a", count: 32),
            "XDG_CONFIG_HOME": scratch + "/config",
            "HOME": scratch,
        ]
        environment["PATH"] = inherited["PATH"] ?? "/usr/bin:/bin"
        return environment
    }

    /// The directory of the running executable (`swift run -c release` puts everything there).
    static func ownDirectory() -> String {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? (try? ProgramArguments.current().get())?.first ?? ""
        return (path as NSString).deletingLastPathComponent
    }

    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The dialog command measured against the launcher: a menu of three items.
    var dialogArguments: [String] {
        ["--menu", "Choose a challenge", "0", "0", "3", "1", "Navigation flow", "2", "Articles", "3", "Profile"]
    }
    static let dialogMarkers = ["Choose a challenge", "Navigation flow", "Profile", "<Cancel>"]
    /// The launcher is complete when its title, its last body line and the key bar (the bottom
    /// row, drawn last) are on screen.
    static let launcherMarkers = ["challenge-tui", "backend (scenario", "q quit"]
}
