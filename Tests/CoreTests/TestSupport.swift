import Synchronization
import CoreTesting
import Foundation

/// The permission bits of `path`.
func mode(of path: String) -> mode_t {
    var info = stat()
    stat(path, &info)
    return info.st_mode & 0o777
}

/// A value shared between test tasks. (A `Mutex` itself is non-copyable and can't be captured
/// by the escaping closures of tasks.)
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
    var value: Value { withLock { $0 } }
}
