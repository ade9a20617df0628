import CoreTesting
import Foundation
import Testing
@testable import Core

/// One copy of the program at a time uses a data folder (Docs/security.md, "Two copies on one
/// data folder"). `flock` locks belong to the open file description, so two stores opened in one
/// process conflict just as two processes do.
@Suite(.timeLimit(.minutes(10))) struct DataFolderLockTests {
    let folder = TemporaryDirectory()
    var dataDir: String { folder.file("data") }
    let key: EncryptionKey

    init() throws { key = try EncryptionKey(bytes: Data(repeating: 5, count: 32)) }

    func store(key: EncryptionKey? = nil) throws(StoreError) -> EncryptedFileStore {
        try EncryptedFileStore(directory: dataDir, key: key ?? self.key, time: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000)))
    }

    /// A process id no process can have: the kernel hands out ids below `pid_max`.
    func deadPID() -> pid_t {
        let text = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)) ?? "4194304"
        return pid_t(text.trimmingWhitespace()) ?? 4_194_304
    }

    /// Every file in the folder with its bytes, inode and modification time: the lock file too.
    func snapshot() throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dataDir) {
            let path = dataDir + "/" + name
            var info = stat()
            lstat(path, &info)
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            result[name] = "\(bytes.base64EncodedString()) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino) \(info.st_mode)"
        }
        return result
    }

    /// While a store is open, a second one on its folder is refused, naming the holder, and
    /// changes nothing there: no key check written, no temp file of a dead writer removed, the
    /// lock file's id left as it was. Whatever its key: the lock comes before the key check. Once
    /// the first is gone, the next opens and tidies as usual.
    @Test func aSecondStoreOnAnOpenFolderIsRefusedAndTouchesNothing() throws {
        var first: EncryptedFileStore? = try store()
        try first?.write(Data("kept".utf8), to: "navigation.progress")
        // What a second store would change if it went on: the key check gone (it would write
        // it), a dead writer's temp file (it would remove it).
        unlink(dataDir + "/" + KeyCheck.fileName)
        let stale = ".articles.list.tmp-\(deadPID())-0123456789ab"
        #expect(FileManager.default.createFile(atPath: dataDir + "/" + stale, contents: Data(repeating: 1, count: 10)))
        let before = try snapshot()

        #expect(throws: StoreError.inUse(directory: dataDir, holder: getpid())) { try store() }
        #expect(throws: StoreError.inUse(directory: dataDir, holder: getpid())) { try store(key: EncryptionKey(bytes: Data(repeating: 6, count: 32))) }
        #expect(try snapshot() == before)
        #expect(StoreError.inUse(directory: "/d", holder: 1234).message
            == "Another challenge-tui (process 1234) is using the data in /d (quit it to keep data)")

        first = nil
        let next = try store()
        #expect(next.staleTempFilesRemoved == [stale])
        #expect(FileManager.default.fileExists(atPath: dataDir + "/" + KeyCheck.fileName))
        #expect(try next.read("navigation.progress") == Data("kept".utf8))
    }

    /// The lock file is private, holds the holder's id for the message, and is not a record.
    /// A child forked while the lock is held shares its open file description until it execs
    /// (`dup` makes the same share): the lock let go must be let go for it too, or the next
    /// store on the folder in this process is refused as "another copy".
    @Test func aLockLetGoIsFreeWhileAForkedChildStillSharesItsFile() throws {
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        var shared: Int32 = -1
        do {
            let lock = try DataFolderLock.take(in: dataDir)
            shared = dup(lock.descriptor)
        }
        defer { close(shared) }
        #expect(shared >= 0)
        #expect(throws: Never.self) { _ = try DataFolderLock.take(in: dataDir) }
    }

    @Test func theLockFileIsPrivateAndNamesItsHolder() throws {
        let store = try store()
        let path = dataDir + "/" + DataFolderLock.fileName
        #expect(mode(of: path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
        #expect(try store.recordNames().isEmpty)
    }

    /// A lock file whose holder wrote no id yet (or something else) still refuses: the lock is
    /// the `flock`, never the file's contents.
    @Test func theLockIsTheFlockNotWhatTheFileSays() throws {
        let store = try store()
        let path = dataDir + "/" + DataFolderLock.fileName
        try Data("not a pid".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.inUse(directory: dataDir, holder: nil)) { try self.store() }
        #expect(StoreError.inUse(directory: "/d", holder: nil).message == "Another challenge-tui is using the data in /d (quit it to keep data)")
        _ = store
    }

    /// A symbolic link or a FIFO in the lock file's place is refused, never followed or waited on.
    @Test(arguments: ["link", "fifo"])
    func aLockFileThatIsNotARegularFileIsRefused(_ kind: String) throws {
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        let path = dataDir + "/" + DataFolderLock.fileName
        let target = folder.file("elsewhere")
        if kind == "link" {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        } else {
            #expect(mkfifo(path, 0o600) == 0)
        }
        #expect(throws: StoreError.self) { try store() }
        #expect(!FileManager.default.fileExists(atPath: target), "the link was not followed")
        #expect(!FileManager.default.fileExists(atPath: dataDir + "/" + KeyCheck.fileName))
    }

    /// The kernel drops the lock of a process killed with SIGKILL: nothing stale to clean up. A
    /// forked child takes the lock and waits; while it lives the folder is its, named by its id;
    /// once killed, a store opens.
    @Test func aCopyKilledWhileHoldingTheLockLeavesTheFolderFree() throws {
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        let directory = dataDir
        var ready: [Int32] = [0, 0]
        try #require(pipe(&ready) == 0)
        // Once here first, so the child runs only code this process has already run (a forked
        // child of a process with other threads must not wait on what they held).
        let scratch = TemporaryDirectory()
        _ = try DataFolderLock.take(in: scratch.path)
        let child = fork()
        if child == 0 {
            ForkedChild.closeInheritedDescriptors(keeping: [ready[1]])
            let lock = try? DataFolderLock.take(in: directory)
            var byte: UInt8 = lock == nil ? 0 : 1
            _ = write(ready[1], &byte, 1)
            while true { pause() }
        }
        close(ready[1])
        defer { close(ready[0]) }
        var byte: UInt8 = 0
        // Bounded: a child stuck in the fork's aftermath fails the test instead of hanging it.
        var descriptor = pollfd(fd: ready[0], events: Int16(POLLIN), revents: 0)
        let answered = poll(&descriptor, 1, 30_000) > 0 && read(ready[0], &byte, 1) == 1
        #expect(answered && byte == 1, "the child took the lock")
        #expect(throws: StoreError.inUse(directory: dataDir, holder: child)) { try store() }
        kill(child, SIGKILL)
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        let reopened = try self.store()
        #expect(try String(contentsOfFile: dataDir + "/" + DataFolderLock.fileName, encoding: .utf8) == "\(getpid())\n")
        _ = reopened
    }
}
