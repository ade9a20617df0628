import CoreTesting
import Foundation
import Testing
@testable import Core

/// The data folder is checked as the key folder is (Docs/security.md, "The data folder's owner
/// and mode"): one of ours that others may enter is made 0700; one of another user is refused,
/// and nothing in it is read or written. The sandbox runs as root, so "another user" is a
/// `chown` to an id that is not ours.
@Suite(.timeLimit(.minutes(10))) struct DataFolderOwnerTests {
    let folder = TemporaryDirectory()
    var dataDir: String { folder.file("data") }
    static let otherUser: uid_t = 54_321

    func store() throws(StoreError) -> EncryptedFileStore {
        try EncryptedFileStore(directory: dataDir, key: try EncryptionKey(bytes: Data(repeating: 7, count: 32)), time: .frozen())
    }

    func makeFolder(mode: mode_t) throws {
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        #expect(chmod(dataDir, mode) == 0)
    }

    @Test(arguments: [0o777, 0o755, 0o750, 0o701] as [mode_t])
    func aFolderOfOursOpenToOthersIsMadePrivate(_ before: mode_t) throws {
        try makeFolder(mode: before)
        do {
            let store = try store()
            #expect(mode(of: dataDir) == 0o700)
            #expect(store.folderMadePrivateFrom == UInt32(before))
        }
        // Private already: nothing to say.
        #expect(try store().folderMadePrivateFrom == nil)
    }

    @Test(.enabled(if: geteuid() == 0, "chown needs root"), arguments: [0o777, 0o700] as [mode_t])
    func aFolderOfAnotherUserIsRefusedAndLeftAsItWas(_ before: mode_t) throws {
        try makeFolder(mode: before)
        #expect(chown(dataDir, Self.otherUser, Self.otherUser) == 0)
        #expect(throws: StoreError.foreignFolder(directory: dataDir, owner: UInt32(Self.otherUser))) { try store() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dataDir).isEmpty, "no lock file, no key check")
        #expect(mode(of: dataDir) == before)
        #expect(StoreError.foreignFolder(directory: "/srv/d", owner: 0).message
            == "The data folder /srv/d belongs to another user (uid 0), who could remove or change what is stored: it is not "
            + "used. Choose a folder of your own (--data-dir DIR)")
    }

    /// A link to a folder of ours is followed, and the folder it names is what is checked.
    @Test func aLinkToAFolderIsCheckedThroughTheLink() throws {
        let real = folder.file("real")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        #expect(chmod(real, 0o777) == 0)
        try FileManager.default.createSymbolicLink(atPath: dataDir, withDestinationPath: real)
        #expect(try store().folderMadePrivateFrom == 0o777)
        #expect(mode(of: real) == 0o700)
    }
}
