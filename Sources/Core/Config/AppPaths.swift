import FoundationEssentials
import Glibc

/// Where the program keeps its files, as pure functions of the environment (passed in, never
/// read from the process deep inside, so tests never touch the real home).
public enum AppPaths {
    public static let folderName = "challenge-tui"

    /// `--data-dir`, else `$CHALLENGE_TUI_DATA_DIR`, else `$XDG_DATA_HOME/challenge-tui`, else
    /// `~/.local/share/challenge-tui`. Empty variables count as unset; a relative
    /// `XDG_DATA_HOME` is ignored, as the XDG specification asks.
    public static func dataDirectory(flag: String? = nil, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let dir = environment["CHALLENGE_TUI_DATA_DIR"], !dir.isEmpty { return dir }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return join(xdg, folderName) }
        return join(home(environment), ".local/share", folderName)
    }

    /// Where the key file and the passphrase salt live: `$XDG_CONFIG_HOME/challenge-tui`, else
    /// `~/.config/challenge-tui` — apart from the data, so a copy of the data dir (a backup)
    /// doesn't carry its key along.
    public static func keyDirectory(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return join(xdg, folderName) }
        return join(home(environment), ".config", folderName)
    }

    /// `$HOME`, else the current user's home from the password database, else `/`.
    static func home(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return String(cString: dir) }
        return "/"
    }

    public static func join(_ parts: String...) -> String {
        parts.dropFirst().reduce(parts[0]) { path, part in
            path.hasSuffix("/") ? path + part : path + "/" + part
        }
    }

    /// The current directory (`getcwd`), without building `FileManager` before the first frame;
    /// "/" when it can't be read (it was removed under us).
    public static func currentDirectory() -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let found = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.withMemoryRebound(to: CChar.self) { getcwd($0.baseAddress, $0.count) != nil }
        }
        guard found, let end = buffer.firstIndex(of: 0) else { return "/" }
        return String(decoding: buffer[..<end], as: UTF8.self)
    }
}
