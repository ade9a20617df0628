import CoreTesting
import Foundation
import Testing
@testable import Core

/// A process id no process can have: the kernel hands out ids below `pid_max`.
private func deadPID() -> pid_t {
    let text = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)) ?? "4194304"
    return pid_t(text.trimmingWhitespace()) ?? 4_194_304
}

@Suite(.timeLimit(.minutes(10))) struct StaleTempFilesTests {
    let folder = TemporaryDirectory()
    var dataDir: String { folder.file("data") }

    func make(_ name: String, in directory: String? = nil) {
        #expect(FileManager.default.createFile(atPath: (directory ?? dataDir) + "/" + name, contents: Data(repeating: 7, count: 100)))
    }

    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: dataDir + "/" + name) }

    @Test func onlyTheStoresOwnTempFilesOfWritersThatAreGoneAreRemoved() throws {
        let key = try EncryptionKey(bytes: Data(repeating: 3, count: 32))
        _ = try EncryptedFileStore(directory: dataDir, key: key, time: .frozen())
        let dead = deadPID()
        let alive = getpid()
        let stale = [".articles.list.tmp-\(dead)-0123456789ab", ".key-check.tmp-\(dead)-a1b2c3d4e5f6", ".picture.1f.tmp-\(dead)-ffffffffffff"]
        let kept = [
            ".articles.list.tmp-\(alive)-0123456789ab",  // a writer running now
            ".articles.list.tmp-1-0123456789ab",  // init: alive (and another user's: EPERM)
            "articles.list.tmp-\(dead)-0123456789ab",  // no leading dot: not the pattern
            ".articles.list.tmp-\(dead)-0123456789",  // 10 hex digits, not 12
            ".articles.list.tmp-\(dead)-0123456789AB",  // upper-case hex: not what the store writes
            ".articles.list.tmp-\(dead)x-0123456789ab",
            ".articles list.tmp-\(dead)-0123456789ab",  // not a record name
            ".tmp-\(dead)-0123456789ab",
            "notes.txt",
        ]
        for name in stale + kept { make(name) }
        try FileManager.default.createDirectory(atPath: dataDir + "/sub", withIntermediateDirectories: true)
        make(".articles.list.tmp-\(dead)-0123456789ab", in: dataDir + "/sub")
        try FileManager.default.createSymbolicLink(atPath: dataDir + "/.progress.tmp-\(dead)-0123456789ab", withDestinationPath: folder.file("elsewhere"))
        make("elsewhere", in: folder.path)

        let store = try EncryptedFileStore(directory: dataDir, key: key, time: .frozen())

        #expect(store.staleTempFilesRemoved == stale.sorted())
        for name in stale { #expect(!exists(name), "\(name)") }
        for name in kept { #expect(exists(name), "\(name)") }
        #expect(FileManager.default.fileExists(atPath: dataDir + "/sub/.articles.list.tmp-\(dead)-0123456789ab"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: dataDir + "/.progress.tmp-\(dead)-0123456789ab")) != nil)
        #expect(FileManager.default.fileExists(atPath: folder.file("elsewhere")))
    }

    @Test func aWrongKeyRemovesNothing() throws {
        _ = try EncryptedFileStore(directory: dataDir, key: try EncryptionKey(bytes: Data(repeating: 3, count: 32)), time: .frozen())
        let name = ".articles.list.tmp-\(deadPID())-0123456789ab"
        make(name)
        #expect(throws: StoreError.self) {
            try EncryptedFileStore(directory: dataDir, key: try EncryptionKey(bytes: Data(repeating: 4, count: 32)), time: .frozen())
        }
        #expect(exists(name))
    }

    @Test func theNamesTheStoreWritesAreRecognisedWithTheirWriter() {
        #expect(StaleTempFiles.writer(of: ".articles.list.tmp-4321-0123456789ab") == 4321)
        #expect(StaleTempFiles.writer(of: ".key-check.tmp-17-abcdefabcdef") == 17)
        #expect(StaleTempFiles.writer(of: ".articles.list.tmp-0-0123456789ab") == nil)
        #expect(StaleTempFiles.writer(of: ".articles.list.tmp--0123456789ab") == nil)
        #expect(StaleTempFiles.writer(of: ".articles.list.tmp-99999999999-0123456789ab") == nil)
        #expect(StaleTempFiles.writer(of: "..tmp-12-0123456789ab") == nil)
    }
}
