import Glibc

/// One copy of the program at a time uses a data folder (Docs/security.md, "Two copies on one
/// data folder"). Two copies saving beside each other mix their article lists' parts and lose
/// each other's picture index, since each keeps what it knows in memory and saves it whole.
///
/// The first copy takes an exclusive `flock` on `.lock` in the folder and keeps it for the life
/// of the process: the kernel drops it however the process ends, kill -9 included, so there is no
/// stale lock to clean up. A second copy that can't take it is refused (`StoreError.inUse`)
/// before it reads or writes anything else there. The lock file holds the holder's process id,
/// for the second copy's message only: the lock itself is the `flock`, never the file's contents.
final class DataFolderLock: Sendable {
    static let fileName = ".lock"
    /// The lock file's descriptor: the lock lives as long as it is open.
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        // Unlocked before it is closed: a child forked meanwhile (and not yet exec'd) shares the
        // open file description, and closing ours alone would leave the folder locked until the
        // child's exec.
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Takes the lock of `directory`, or throws `.inUse` naming the copy that holds it.
    static func take(in directory: String) throws(StoreError) -> DataFolderLock {
        let path = AppPaths.join(directory, fileName)
        // O_NONBLOCK: a FIFO put in its place never makes the start wait; O_NOFOLLOW: a symbolic
        // link is never followed to lock (or write a pid into) a file elsewhere.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else { throw .io("can't open the lock file \(path): \(FileSystem.lastError())") }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .io("the lock file \(path) is not a regular file")
        }
        // flock locks belong to the open file description: a second open() in this process
        // conflicts too, so two stores on one folder are refused within one process as well.
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            let reason = errno
            let holder = reason == EWOULDBLOCK ? Self.holder(fd) : nil
            close(fd)
            guard reason == EWOULDBLOCK else {
                throw .io("can't lock \(path): \(String(cString: strerror(reason)))")
            }
            throw .inUse(directory: directory, holder: holder)
        }
        let pid = Array("\(getpid())\n".utf8)
        // The id is for the message only: a copy killed before writing it leaves an older one,
        // which names a process that no longer holds anything, never a wrong lock.
        if ftruncate(fd, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
        return DataFolderLock(descriptor: fd)
    }

    /// The process id written in the lock file by its holder; nil when there is none yet (the
    /// holder has just taken the lock) or it is not a process id.
    private static func holder(_ fd: Int32) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let digits = bytes.prefix(count).prefix { $0 != UInt8(ascii: "\n") }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ (48...57).contains($0) }),
              let pid = Int32(String(decoding: digits, as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }
}
