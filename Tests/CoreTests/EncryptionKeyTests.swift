import CoreTesting
import Foundation
import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct EncryptionKeyTests {
    @Test func aKeyFileIsCreatedPrivateUnderXDGConfigHomeAndReusedAfterwards() throws {
        let home = TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": home.path, "HOME": "/nonexistent"]
        let first = try EncryptionKey.resolve(environment: environment)
        let file = home.file("challenge-tui/key")
        #expect(first.source == .keyFile(file))
        #expect(mode(of: file) == 0o600)
        #expect(mode(of: home.file("challenge-tui")) == 0o700)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count == 32)
        #expect(try EncryptionKey.resolve(environment: environment) == first)
    }

    @Test func withoutXDGConfigHomeTheKeyLivesInDotConfig() throws {
        let home = TemporaryDirectory()
        let key = try EncryptionKey.resolve(environment: ["HOME": home.path])
        #expect(key.source == .keyFile(home.file(".config/challenge-tui/key")))
    }

    @Test func aKeyFileReadableByGroupOrOthersIsRefusedWithAClearMessage() throws {
        let home = TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": home.path]
        _ = try EncryptionKey.resolve(environment: environment)
        let file = home.file("challenge-tui/key")
        chmod(file, 0o644)
        #expect(throws: StoreError.key("the key file \(file) may be read by other users (mode 644); make it private with: chmod 600 \(file)")) {
            try EncryptionKey.resolve(environment: environment)
        }
        chmod(file, 0o640)
        #expect(throws: StoreError.self) { try EncryptionKey.resolve(environment: environment) }
    }

    @Test func aKeyFileOfTheWrongSizeIsRefused() throws {
        let home = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.file("challenge-tui"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: home.file("challenge-tui/key"), contents: Data([1, 2, 3]), attributes: [.posixPermissions: 0o600])
        #expect {
            try EncryptionKey.resolve(environment: ["XDG_CONFIG_HOME": home.path])
        } throws: { error in
            (error as? StoreError)?.message.contains("holds 3 bytes instead of 32") == true
        }
    }

    @Test func challengeTUIKeyTakes64HexCharactersAndNothingElse() throws {
        let hex = String(repeating: "ab", count: 32)
        let key = try EncryptionKey.resolve(environment: ["CHALLENGE_TUI_KEY": hex], keyDirectory: "/nonexistent")
        #expect(key.source == .environment)
        #expect(key.bytes == Data(repeating: 0xab, count: 32))
        #expect(throws: StoreError.key("CHALLENGE_TUI_KEY must be 64 hexadecimal characters (32 bytes); it has 6 characters")) {
            try EncryptionKey.resolve(environment: ["CHALLENGE_TUI_KEY": "abcdef"])
        }
        #expect(throws: StoreError.key("CHALLENGE_TUI_KEY must be 64 hexadecimal characters (32 bytes); it has 64 characters, not all hexadecimal")) {
            try EncryptionKey.resolve(environment: ["CHALLENGE_TUI_KEY": String(repeating: "zz", count: 32)])
        }
        #expect(throws: StoreError.self) { try EncryptionKey(bytes: Data(count: 16)) }
    }

    @Test func aPassphraseIsStretchedWithAStoredRandomSalt() throws {
        let home = TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": home.path, "CHALLENGE_TUI_PASSPHRASE": "correct horse"]
        let key = try EncryptionKey.resolve(environment: environment, iterations: 1000)
        let saltFile = home.file("challenge-tui/salt")
        #expect(key.source == .passphrase(saltFile: saltFile))
        let salt = try Data(contentsOf: URL(fileURLWithPath: saltFile))
        #expect(salt.count == 16)
        #expect(key.bytes == PBKDF2.sha256(passphrase: "correct horse", salt: salt, iterations: 1000))
        #expect(try EncryptionKey.resolve(environment: environment, iterations: 1000) == key)
        var other = environment
        other["CHALLENGE_TUI_PASSPHRASE"] = "battery staple"
        #expect(try EncryptionKey.resolve(environment: other, iterations: 1000) != key)
        #expect(throws: StoreError.key("CHALLENGE_TUI_PASSPHRASE is empty")) {
            try EncryptionKey.resolve(environment: ["CHALLENGE_TUI_PASSPHRASE": "", "XDG_CONFIG_HOME": home.path])
        }
        #expect(EncryptionKey.passphraseIterations == 600_000)
    }

    @Test func anUncreatableKeyFolderIsAKeyOrIOError() {
        #expect(throws: StoreError.self) {
            try EncryptionKey.resolve(environment: [:], keyDirectory: "/proc/challenge-tui-test")
        }
    }

    @Test func copiesStartingAtOnceAllGetTheOneKeyThatWasWritten() throws {
        let home = TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": home.path]
        let keys = Locked([Data?]())
        // Threads, not tasks: making a key blocks on the disk (fsync).
        DispatchQueue.concurrentPerform(iterations: 24) { _ in
            let key = (try? EncryptionKey.resolve(environment: environment))?.bytes
            keys.withLock { $0.append(key) }
        }
        let all = keys.value
        #expect(all.count == 24)
        #expect(all.allSatisfy { $0 != nil })
        #expect(Set(all.compactMap { $0 }).count == 1)
        // The key written is the one they all got, and no temp file is left behind.
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.file("challenge-tui/key"))) == all.first!)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.file("challenge-tui")) == ["key"])
    }

    @Test func anExistingKeyFolderOpenToOthersIsMadePrivate() throws {
        let home = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.file("challenge-tui"), withIntermediateDirectories: true)
        chmod(home.file("challenge-tui"), 0o755)
        _ = try EncryptionKey.resolve(environment: ["XDG_CONFIG_HOME": home.path])
        #expect(mode(of: home.file("challenge-tui")) == 0o700)
    }

    @Test func aKeyFileThatIsALinkOrNotAFileIsRefused() throws {
        let home = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.file("challenge-tui"), withIntermediateDirectories: true)
        symlink("/etc/hostname", home.file("challenge-tui/key"))
        #expect(throws: StoreError.self) { try EncryptionKey.resolve(environment: ["XDG_CONFIG_HOME": home.path]) }
        unlink(home.file("challenge-tui/key"))
        mkdir(home.file("challenge-tui/key"), 0o700)
        #expect(throws: StoreError.key("the key file \(home.file("challenge-tui/key")) is not a regular file")) {
            try EncryptionKey.resolve(environment: ["XDG_CONFIG_HOME": home.path])
        }
    }

    @Test(.enabled(if: geteuid() == 0, "changing a file's owner needs root"))
    func aKeyFileOrFolderOfAnotherUserIsRefused() throws {
        let home = TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": home.path]
        _ = try EncryptionKey.resolve(environment: environment)
        let file = home.file("challenge-tui/key")
        chown(file, 65534, 65534)
        #expect(throws: StoreError.key("the key file \(file) belongs to another user (uid 65534); a key must be your own: "
            + "move it away to make a new one (data sealed with it will be lost)")) {
            try EncryptionKey.resolve(environment: environment)
        }
        chown(file, 0, 0)
        chown(home.file("challenge-tui"), 65534, 65534)
        #expect(throws: StoreError.key("the folder \(home.file("challenge-tui")) belongs to another user (uid 65534); "
            + "keys must be kept in a folder of your own")) {
            try EncryptionKey.resolve(environment: environment)
        }
    }

    @Test func keysCompareByTheirBytesWhichLiveOutsideData() throws {
        let a = try EncryptionKey(bytes: Data(repeating: 7, count: 32))
        let b = try EncryptionKey(bytes: Data(repeating: 7, count: 32), source: .keyFile("/k"))
        let c = try EncryptionKey(bytes: Data(repeating: 8, count: 32))
        #expect(a == b)
        #expect(a != c)
        #expect(EncryptionKey.Source.passphrase(saltFile: "/s").description == "CHALLENGE_TUI_PASSPHRASE (salt in /s)")
        var buffer = Data([1, 2, 3])
        buffer.cleanse()
        #expect(buffer == Data([0, 0, 0]))
    }
}

/// What the app does to its own process: secrets out of the environment, no dumps. See
/// Docs/security.md, "Keys in memory".
@Suite(.timeLimit(.minutes(10))) struct ProcessHardeningTests {
    @Test func aRemovedVariableIsGoneAndItsValueOverwrittenWhereItLay() throws {
        let name = "CTUI_TEST_SECRET_\(UUID().uuidString.prefix(8))"
        setenv(name, "s3cret-value", 1)
        let value = try #require(getenv(name))
        ProcessHardening.removeFromEnvironment([name])
        #expect(getenv(name) == nil)
        // glibc keeps the string it made for setenv; what it holds now is zeros.
        #expect((0..<12).allSatisfy { value[$0] == 0 })
        #expect(ProcessHardening.secretVariables == ["CHALLENGE_TUI_KEY", "CHALLENGE_TUI_PASSPHRASE"])
    }

    @Test func aProcessThatDisablesDumpsIsNoLongerDumpable() {
        // In a child, so the test runner itself stays as it is.
        let child = fork()
        if child == 0 {
            ForkedChild.closeInheritedDescriptors()
            let before = ProcessHardening.isDumpable
            let done = ProcessHardening.disableDumps()
            _exit(before && done && !ProcessHardening.isDumpable ? 0 : 1)
        }
        var status: Int32 = 0
        waitpid(child, &status, 0)
        #expect(child > 0)
        #expect(status == 0)
    }
}
