import CoreTesting
import Foundation
import Testing
@testable import Core

@Suite struct EncryptionKeyTests {
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
}
