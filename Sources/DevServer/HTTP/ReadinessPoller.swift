import Glibc

/// Readiness notification for one event loop: epoll on Linux, poll() elsewhere (see
/// `EpollReadinessPoller`, `PollReadinessPoller`). Level-triggered: a descriptor is reported again as long as it
/// stays ready, so a loop may read a little at a time and stay fair to every connection.
protocol ReadinessPoller: AnyObject {
    func add(_ fd: Int32, _ interest: Interest) throws(SystemError)
    func modify(_ fd: Int32, _ interest: Interest) throws(SystemError)
    func remove(_ fd: Int32)
    /// `fd` is about to be closed (epoll forgets it by itself; poll's list must drop it).
    func willClose(_ fd: Int32)
    /// Blocks up to `timeoutMilliseconds` (-1: until something is ready) and returns how many
    /// reports `event(at:)` holds. An interrupting signal returns 0.
    func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Int
    func event(at index: Int) -> ReadinessEvent
    func close()
}

/// What a descriptor is watched for.
struct Interest: OptionSet, Sendable {
    let rawValue: UInt8
    static let readable = Interest(rawValue: 1)
    static let writable = Interest(rawValue: 2)
    /// Of the loops watching it, wake one (the listening socket every loop shares).
    static let exclusive = Interest(rawValue: 4)
}

struct ReadinessEvent: Equatable {
    var fd: Int32
    var readable: Bool
    var writable: Bool
    /// An error or hang-up: reading tells which (end of stream or an error).
    var failed: Bool
}

/// A system call that failed: which one and errno.
struct SystemError: Error, Equatable, Sendable {
    var call: String
    var code: Int32

    var text: String { "\(call) failed: \(String(cString: strerror(code)))" }
}

/// The best poller of this system.
enum ReadinessPollers {
    static func makeDefault() throws(SystemError) -> any ReadinessPoller {
        EpollReadinessPoller.isAvailable ? try EpollReadinessPoller() : PollReadinessPoller()
    }
}
