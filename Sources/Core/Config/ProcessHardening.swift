internal import CSystem
import Glibc

/// What the app does to its own process so secrets stay in it: no core dump, no debugger or
/// /proc reader of the same user, and the key variables gone from the environment once read.
/// See Docs/security.md, "Keys in memory".
public enum ProcessHardening {
    /// The variables that hold key material (`EncryptionKey.resolve`).
    public static let secretVariables = ["CHALLENGE_TUI_KEY", "CHALLENGE_TUI_PASSPHRASE"]

    /// `prctl(PR_SET_DUMPABLE, 0)`: no core file, and no ptrace or /proc/PID/mem, /proc/PID/environ
    /// by other processes of the same user. False when the system refused.
    @discardableResult
    public static func disableDumps() -> Bool {
        csystem_disable_dumps() == 0
    }

    /// Removes `names` from the process environment, first overwriting each value where it lies,
    /// so neither children nor /proc/PID/environ (which shows the memory the environment started
    /// in, whatever `unsetenv` does) can read it afterwards.
    public static func removeFromEnvironment(_ names: [String] = secretVariables) {
        for name in names {
            if let value = getenv(name) {
                csystem_wipe(value, UInt(strlen(value)))
            }
            unsetenv(name)
        }
    }
}
