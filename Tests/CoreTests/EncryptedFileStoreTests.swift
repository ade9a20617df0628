import CoreTesting
import Foundation
import Testing
@testable import Core

private func randomKey() throws -> EncryptionKey {
    try EncryptionKey(bytes: Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
}

private let fixedDate = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

@Suite(.timeLimit(.minutes(10))) struct EncryptedFileStoreTests {
    let folder = TemporaryDirectory()
    var dataDir: String { folder.file("data") }

    func store(key: EncryptionKey? = nil) throws -> EncryptedFileStore {
        try EncryptedFileStore(directory: dataDir, key: key ?? sharedKey, time: .frozen(at: fixedDate))
    }
    let sharedKey: EncryptionKey

    init() throws { sharedKey = try randomKey() }

    func bytes(of name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: dataDir + "/" + name)) }
    /// The folder's files but the key check and the lock (which every store has).
    func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dataDir)) ?? [])
            .filter { $0 != KeyCheck.fileName && $0 != DataFolderLock.fileName }.sorted()
    }

    @Test func recordsRoundTripAndTheDataFolderIsPrivate() throws {
        let store = try store()
        #expect(mode(of: dataDir) == 0o700)
        #expect(try store.read("articles") == nil)
        try store.write(Data("[1,2,3]".utf8), to: "articles")
        #expect(try store.read("articles") == Data("[1,2,3]".utf8))
        try store.write(Data(), to: "empty")
        #expect(try store.read("empty") == Data())
        try store.remove("articles")
        try store.remove("never-written")
        #expect(try store.read("articles") == nil)
        #expect(mode(of: dataDir + "/empty") == 0o600)
    }

    @Test func noPlaintextReachesTheDiskAndEveryWriteHasAFreshNonce() throws {
        let store = try store()
        let secret = Data(String(repeating: "Very secret article text. ", count: 10).utf8)
        try store.write(secret, to: "articles")
        let first = try bytes(of: "articles")
        try store.write(secret, to: "articles")
        let second = try bytes(of: "articles")
        #expect(first.prefix(5) == Data("CTUI".utf8) + [1])
        #expect(first.count == 5 + 12 + secret.count + 16)
        #expect(first.range(of: Data("secret".utf8)) == nil)
        #expect(first.dropFirst(5).prefix(12) != second.dropFirst(5).prefix(12))
        #expect(first != second)
    }

    /// What a caller that cleans up after itself may remove: records only, never the key check,
    /// a temp file of a write in progress or a damaged copy kept for inspection.
    @Test func theRecordNamesAreTheRecordsOnly() throws {
        let store = try store()
        try store.write(Data("a".utf8), to: "articles.list")
        try store.write(Data("b".utf8), to: "articles.list.1.0")
        for name in [".articles.list.tmp-1-abcdefabcdef", "articles.list.damaged-20231114T221320Z"] {
            #expect(FileManager.default.createFile(atPath: dataDir + "/" + name, contents: Data("x".utf8)))
        }
        #expect(try store.recordNames() == ["articles.list", "articles.list.1.0"])
        #expect(try InMemoryRecordStore(["b": Data(), "a": Data()]).recordNames() == ["a", "b"])
    }

    @Test func aTamperedByteIsSetAsideAndReportedAsDamaged() throws {
        let store = try store()
        try store.write(Data("hello".utf8), to: "progress")
        var file = try bytes(of: "progress")
        file[file.count - 20] ^= 0x01
        try file.write(to: URL(fileURLWithPath: dataDir + "/progress"))
        #expect(throws: StoreError.damaged(
            name: "progress", movedTo: "progress.damaged-20231114T221320Z",
            reason: "it does not authenticate: wrong key, changed bytes or another record's file")) {
            try store.read("progress")
        }
        #expect(files() == ["progress.damaged-20231114T221320Z"])
        #expect(try store.read("progress") == nil)
        // Damaged twice in the same second: the second copy gets its own name.
        try store.write(Data("again".utf8), to: "progress")
        try Data("CTUI".utf8).write(to: URL(fileURLWithPath: dataDir + "/progress"))
        #expect {
            try store.read("progress")
        } throws: { error in
            error as? StoreError == .damaged(name: "progress", movedTo: "progress.damaged-20231114T221320Z-2", reason: "the file is truncated")
        }
    }

    /// A record replaced by a FIFO, `/dev/zero` or a sparse gigabyte: refused without waiting or
    /// reading, set aside like any record that doesn't open (Docs/security.md, "Files").
    @Test(.timeLimit(.minutes(10)), arguments: ["fifo", "device", "sparse", "over"])
    func aRecordThatIsNotASmallRegularFileIsSetAsideUnread(_ kind: String) throws {
        let store = try store()
        try store.write(Data("list".utf8), to: "articles.list")
        let path = dataDir + "/articles.list"
        unlink(path)
        let reason: String
        switch kind {
        case "fifo":
            #expect(mkfifo(path, 0o600) == 0)
            reason = "it is a FIFO (named pipe), not a regular file"
        case "device":
            #expect(symlink("/dev/zero", path) == 0)
            reason = "it is a character device, not a regular file"
        case "sparse":
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 1 << 30) == 0)
            reason = "it is larger than the limit of 64 MB (1024 MB)"
        default:
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(EncryptedFileStore.maximumRecordBytes + 1)) == 0)
            reason = "it is larger than the limit of 64 MB (67,108,865 bytes)"
        }
        #expect(throws: StoreError.damaged(name: "articles.list", movedTo: "articles.list.damaged-20231114T221320Z", reason: reason)) {
            try store.read("articles.list")
        }
        #expect(try store.read("articles.list") == nil)
    }

    @Test func aRecordAtTheCapIsReadAndOneOverItIsNeverWritten() throws {
        let store = try store()
        let overhead = 5 + 12 + 16
        let largest = Data(repeating: 9, count: EncryptedFileStore.maximumRecordBytes - overhead)
        try store.write(largest, to: "big")
        #expect(try store.read("big") == largest)
        #expect(throws: StoreError.self) { try store.write(largest + [0], to: "big") }
        #expect(try store.read("big")?.count == largest.count)
    }

    @Test(arguments: [0, 3, 5, 20, 33])
    func aTruncatedFileIsDamagedNotACrash(_ length: Int) throws {
        let store = try store()
        try store.write(Data("some data".utf8), to: "articles")
        try bytes(of: "articles").prefix(length).write(to: URL(fileURLWithPath: dataDir + "/articles"))
        #expect {
            try store.read("articles")
        } throws: { error in
            guard case .damaged(let name, let movedTo, _) = error as? StoreError else { return false }
            return name == "articles" && movedTo.hasPrefix("articles.damaged-")
        }
        #expect(try store.read("articles") == nil)
    }

    @Test func anUnknownFormatVersionOrForeignFileIsDamaged() throws {
        let store = try store()
        try store.write(Data("x".utf8), to: "a")
        var file = try bytes(of: "a")
        file[4] = 9
        try file.write(to: URL(fileURLWithPath: dataDir + "/a"))
        #expect(throws: StoreError.damaged(name: "a", movedTo: "a.damaged-20231114T221320Z", reason: "unknown format version 9")) {
            try store.read("a")
        }
        try Data("{\"plain\": \"json\"}".utf8).write(to: URL(fileURLWithPath: dataDir + "/b"))
        #expect(throws: StoreError.damaged(name: "b", movedTo: "b.damaged-20231114T221320Z", reason: "not a challenge-tui record")) {
            try store.read("b")
        }
    }

    @Test func anotherKeyIsRefusedAndTheFolderLeftExactlyAsItWas() throws {
        do {
            // Closed before the other key comes: while it is open, its lock refuses any other store.
            let mine = try store()
            try mine.write(Data("mine".utf8), to: "profile")
            try mine.write(Data("list".utf8), to: "articles")
        }
        let before = try snapshot()
        let other = try randomKey()
        #expect(throws: StoreError.wrongKey(keySource: "CHALLENGE_TUI_KEY", directory: dataDir)) { try store(key: other) }
        #expect(try snapshot() == before)
        // The right key still opens every record.
        #expect(try store().read("profile") == Data("mine".utf8))
        #expect(try store().read("articles") == Data("list".utf8))
    }

    @Test func theKeyCheckIsAnHMACOfAFixedLabelInAPrivateFile() throws {
        _ = try store()
        let check = try bytes(of: KeyCheck.fileName)
        #expect(check == Data("CTUIKEY".utf8) + [1] + HMAC.sha256(key: sharedKey.bytes, data: KeyCheck.label))
        #expect(check.count == 8 + 32)
        #expect(mode(of: dataDir + "/" + KeyCheck.fileName) == 0o600)
        #expect(try store(key: EncryptionKey(bytes: sharedKey.bytes)).directory == dataDir)
    }

    @Test func aFolderFromBeforeTheKeyCheckIsCheckedAgainstItsRecords() throws {
        try store().write(Data("old".utf8), to: "progress")
        unlink(dataDir + "/" + KeyCheck.fileName)
        let before = try snapshot()
        // Records that the key opens none of: the wrong key, and nothing is written.
        #expect(throws: StoreError.wrongKey(keySource: "CHALLENGE_TUI_KEY", directory: dataDir)) { try store(key: randomKey()) }
        #expect(try snapshot() == before)
        // The key they were sealed with gets the check written.
        #expect(try store().read("progress") == Data("old".utf8))
        #expect(FileManager.default.fileExists(atPath: dataDir + "/" + KeyCheck.fileName))
        // A folder with no record at all takes any key (it is new).
        let empty = folder.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: empty + "/a.damaged-20200101T000000Z"))
        _ = try EncryptedFileStore(directory: empty, key: randomKey(), time: .frozen())
        #expect(FileManager.default.fileExists(atPath: empty + "/" + KeyCheck.fileName))
    }

    /// A new folder holding a log written with `--log` (or any file that is not a record) is
    /// still new: only a record says which key a folder is under.
    @Test func aFileThatIsNotARecordProvesNoKeyWrong() throws {
        let fresh = folder.file("with-log")
        try FileManager.default.createDirectory(atPath: fresh, withIntermediateDirectories: true)
        try Data("2026-12-05T21:33:03Z INFO app: started\n".utf8).write(to: URL(fileURLWithPath: fresh + "/log.txt"))
        let store = try EncryptedFileStore(directory: fresh, key: randomKey(), time: .frozen())
        try store.write(Data("x".utf8), to: "r")
        #expect(try store.read("r") == Data("x".utf8))
        #expect(FileManager.default.fileExists(atPath: fresh + "/" + KeyCheck.fileName))
    }

    @Test func aChangedKeyCheckIsAWrongKeyNotAReasonToOverwrite() throws {
        try store().write(Data("x".utf8), to: "r")
        try Data("CTUIKEY".utf8).write(to: URL(fileURLWithPath: dataDir + "/" + KeyCheck.fileName))
        #expect(throws: StoreError.wrongKey(keySource: "CHALLENGE_TUI_KEY", directory: dataDir)) { try store() }
    }

    /// Stores opened at once on a new folder: one at a time holds it (the others are refused as
    /// in use, never a wrong key), and all that opened agree on the one check.
    @Test func storesOpenedAtOnceOnANewFolderAgreeOnOneCheck() throws {
        let key = sharedKey
        let directory = dataDir
        let outcomes = Locked<[String]>([])
        // Threads, not tasks: opening a store blocks on the disk (fsync).
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            let outcome: String
            do throws(StoreError) {
                _ = try EncryptedFileStore(directory: directory, key: key, time: .frozen())
                outcome = "opened"
            } catch .inUse(let folder, let holder) where folder == directory && (holder == nil || holder == getpid()) {
                // No id yet when the holder has only just taken the lock.
                outcome = "in use"
            } catch {
                outcome = error.message
            }
            outcomes.withLock { $0.append(outcome) }
        }
        #expect(outcomes.value.contains("opened"))
        #expect(outcomes.value.allSatisfy { $0 == "opened" || $0 == "in use" }, "\(outcomes.value)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == [KeyCheck.fileName, DataFolderLock.fileName], "\(names)")
        #expect(try store().directory == directory, "the check written is the key's")
    }

    @Test func atMostTheThreeNewestDamagedCopiesOfARecordAreKept() throws {
        let clock = ManualClock()
        let store = try EncryptedFileStore(
            directory: dataDir, key: sharedKey, time: .driven(by: clock, wallAtOrigin: Date(timeIntervalSince1970: 1_700_000_000)))
        func damage(_ name: String) throws {
            try store.write(Data("v".utf8), to: name)
            try Data("CTUI".utf8).write(to: URL(fileURLWithPath: dataDir + "/" + name))
            #expect(throws: StoreError.self) { try store.read(name) }
        }
        // Two in one second (a counter tells them apart), then one a second later, and so on.
        var now = 0
        for second in [0, 0, 1, 2, 2, 2, 3] {
            clock.advance(by: .seconds(second - now))
            now = second
            try damage("progress")
        }
        try damage("other")
        #expect(files() == [
            "other.damaged-20231114T221323Z",
            "progress.damaged-20231114T221322Z-2", "progress.damaged-20231114T221322Z-3", "progress.damaged-20231114T221323Z",
        ])
        #expect(EncryptedFileStore.damagedCopiesKept == 3)
        #expect(EncryptedFileStore.damagedOrder("20231114T221322Z-12") == ("20231114T221322Z", 12))
        #expect(EncryptedFileStore.damagedOrder("20231114T221322Z") == ("20231114T221322Z", 1))
    }

    @Test func filesSwappedBetweenRecordsFailToOpen() throws {
        let store = try store()
        try store.write(Data("A".utf8), to: "first")
        try store.write(Data("B".utf8), to: "second")
        let first = try bytes(of: "first")
        try bytes(of: "second").write(to: URL(fileURLWithPath: dataDir + "/first"))
        try first.write(to: URL(fileURLWithPath: dataDir + "/second"))
        #expect(throws: StoreError.self) { try store.read("first") }
        #expect(throws: StoreError.self) { try store.read("second") }
    }

    @Test func concurrentWritersAlwaysLeaveOneWholeValidRecord() async throws {
        let store = try store()
        let payloads = (0..<40).map { Data(String(repeating: "payload \($0) ", count: 50 + $0).utf8) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for payload in payloads {
                group.addTask { try store.write(payload, to: "shared") }
                group.addTask {
                    if let seen = try store.read("shared") { #expect(payloads.contains(seen)) }
                }
            }
            try await group.waitForAll()
        }
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            try? store.write(payloads[index], to: "shared")
        }
        #expect(payloads.contains(try #require(try store.read("shared"))))
        #expect(files() == ["shared"])
    }

    @Test func anInterruptedWriteLeavesTheOldRecordIntact() throws {
        let store = try store()
        try store.write(Data("old".utf8), to: "progress")
        // What a crash between writing the temp file and renaming it leaves behind.
        try Data("CTUI half a rec".utf8).write(to: URL(fileURLWithPath: dataDir + "/.progress.tmp-999-abcdef"))
        #expect(try store.read("progress") == Data("old".utf8))
        try store.write(Data("new".utf8), to: "progress")
        #expect(try store.read("progress") == Data("new".utf8))
    }

    @Test(arguments: ["", "../escape", ".hidden", "a/b", "x.damaged-1"])
    func recordNamesThatAreNotPlainFileNamesAreRefused(_ name: String) throws {
        let store = try store()
        #expect(throws: StoreError.self) { try store.write(Data(), to: name) }
        #expect(throws: StoreError.self) { try store.read(name) }
    }

    @Test func theAppStoreResolvesItsFoldersFromTheEnvironment() throws {
        let environment = ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share")]
        let store = try EncryptedFileStore.open(dataDirectory: nil, environment: environment, time: .frozen())
        #expect(store.directory == folder.file("share/challenge-tui"))
        try store.write(Data("x".utf8), to: "r")
        let flagged = try EncryptedFileStore.open(dataDirectory: folder.file("flag"), environment: environment, time: .frozen())
        #expect(flagged.directory == folder.file("flag"))
        #expect(throws: StoreError.self) { try EncryptedFileStore(directory: "/proc/nope", key: sharedKey, time: .frozen()) }
    }

    /// Every file in the data folder with its bytes and modification time; not the lock file,
    /// which holds the process id of the last store to take the lock, nothing of the data.
    func snapshot() throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dataDir) where name != DataFolderLock.fileName {
            let path = dataDir + "/" + name
            var info = stat()
            stat(path, &info)
            result[name] = "\(try bytes(of: name).base64EncodedString()) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
        }
        return result
    }

    @Test func errorsExplainThemselves() {
        #expect(StoreError.key("x").message == "Encryption key problem: x")
        #expect(StoreError.io("y").message == "Storage problem: y")
        #expect(StoreError.damaged(name: "a", movedTo: "b", reason: "c").message
            == "Stored a could not be read (c); it was set aside as b")
        #expect(StoreError.wrongKey(keySource: "the key file /k/key", directory: "/d").message
            == "Wrong encryption key: the key from the key file /k/key does not open the data in /d, which was stored under "
            + "another key. The stored files were left as they are; start with the key they were stored under, or move /d away "
            + "to start afresh")
    }
}
