import CSystem
import Core

extension ProcessHardening {
    /// Whether the process may be dumped (or traced) right now.
    static var isDumpable: Bool { csystem_is_dumpable() == 1 }
}
