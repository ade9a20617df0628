import CoreTesting
import Foundation
import Testing
@testable import Core

private func randomKey() throws -> EncryptionKey {
    try EncryptionKey(bytes: Data((0..<32).map { _ in UInt8.random(in: 0...255) }))
}

private let fixedDate = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

@Suite struct EncryptedFileStoreTests {
    let folder = TemporaryDirectory()
    var dataDir: String { folder.file("data") }

    func store(key: EncryptionKey? = nil) throws -> EncryptedFileStore {
        try EncryptedFileStore(directory: dataDir, key: key ?? sharedKey, now: { fixedDate })
    }
    let sharedKey: EncryptionKey

    init() throws { sharedKey = try randomKey() }

    func bytes(of name: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: dataDir + "/" + name)) }
    func files() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dataDir)) ?? []).sorted() }

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

    @Test func aRecordSealedWithAnotherKeyIsDamaged() throws {
        try store().write(Data("mine".utf8), to: "profile")
        let other = try store(key: randomKey())
        #expect(throws: StoreError.self) { try other.read("profile") }
        #expect(files().contains { $0.hasPrefix("profile.damaged-") })
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
        let store = try EncryptedFileStore.open(dataDirectory: nil, environment: environment)
        #expect(store.directory == folder.file("share/challenge-tui"))
        try store.write(Data("x".utf8), to: "r")
        let flagged = try EncryptedFileStore.open(dataDirectory: folder.file("flag"), environment: environment)
        #expect(flagged.directory == folder.file("flag"))
        #expect(throws: StoreError.self) { try EncryptedFileStore(directory: "/proc/nope", key: sharedKey) }
    }

    @Test func errorsExplainThemselves() {
        #expect(StoreError.key("x").message == "Encryption key problem: x")
        #expect(StoreError.io("y").message == "Storage problem: y")
        #expect(StoreError.damaged(name: "a", movedTo: "b", reason: "c").message
            == "Stored a could not be read (c); it was set aside as b")
    }
}
