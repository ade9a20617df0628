@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

/// No output is an input or another output, however it is named: the same path, another
/// spelling of it, a hard link, a symbolic link, a folder reached through a link. Refused with
/// status 2 before anything is opened, so the input is left as it was (Docs/security.md,
/// "Outputs never overwrite inputs").
@Suite(.timeLimit(.minutes(10))) struct DistinctFilesTests {
    static let demo = packageRoot.appendingPathComponent("Docs/demos/navigation-sign-in.jsonl").path

    /// The ways one file gets a second name.
    enum Alias: String, CaseIterable, CustomTestStringConvertible {
        case samePath, dotSlash, doubleSlash, hardLink, symbolicLink, throughALinkedFolder
        var testDescription: String { rawValue }

        /// A second name for `path` (a file in `folder`), made on disk where it needs to be.
        func name(for path: String, in folder: TemporaryDirectory) throws -> String {
            let file = (path as NSString).lastPathComponent
            switch self {
            case .samePath: return path
            case .dotSlash: return folder.path + "/./" + file
            case .doubleSlash: return folder.path + "//" + file
            case .hardLink:
                try FileManager.default.linkItem(atPath: path, toPath: folder.file("hard-" + file))
                return folder.file("hard-" + file)
            case .symbolicLink:
                try FileManager.default.createSymbolicLink(atPath: folder.file("soft-" + file), withDestinationPath: path)
                return folder.file("soft-" + file)
            case .throughALinkedFolder:
                try FileManager.default.createSymbolicLink(atPath: folder.file("linked-" + file), withDestinationPath: folder.path)
                return folder.file("linked-" + file) + "/" + file
            }
        }
    }

    @Test(arguments: Alias.allCases) func aCastOverItsOwnRecordingIsRefusedAndTheRecordingKept(_ alias: Alias) throws {
        let folder = TemporaryDirectory()
        let recording = folder.file("nav.jsonl")
        try FileManager.default.copyItem(atPath: Self.demo, toPath: recording)
        let before = try Data(contentsOf: URL(fileURLWithPath: recording))
        let cast = try alias.name(for: recording, in: folder)
        #expect(ChallengeTUI.main(arguments: ["--replay", recording, "--export-cast", cast], environment: [:]) == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: recording)) == before)
        #expect(throws: UsageError(
            "--export-cast \(cast.quoted(200)) is the file --replay reads; give --export-cast a file of its own (nothing was written)")) {
            try DistinctFiles.check(inputs: [("--replay", recording)], outputs: [("--export-cast", cast)])
        }
    }

    /// Two outputs on one file, existing or still to be made, and an output over the
    /// configuration it reads.
    @Test(arguments: Alias.allCases) func twoOutputsOrAnOutputOverTheConfigurationAreRefused(_ alias: Alias) throws {
        let folder = TemporaryDirectory()
        let config = folder.file("c.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: config))
        let sameConfig = try alias.name(for: config, in: folder)
        #expect(throws: UsageError.self) {
            try DistinctFiles.check(inputs: [("--config", config)], outputs: [("--log", sameConfig)])
        }
        #expect(ChallengeTUI.main(arguments: ["--config", config, "--record", sameConfig], environment: [:]) == 2)
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "{}")

        let log = folder.file("session.log")
        try Data().write(to: URL(fileURLWithPath: log))
        let sameLog = try alias.name(for: log, in: folder)
        #expect(throws: UsageError(
            "--record \(sameLog.quoted(200)) is the file --log writes; give --record a file of its own (nothing was written)")) {
            try DistinctFiles.check(inputs: [], outputs: [("--log", log), ("--record", sameLog)])
        }
    }

    @Test func aFileStillToBeMadeIsTheSameUnderEachOfItsSpellings() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: folder.file("linked"), withDestinationPath: folder.path)
        for other in [folder.file("new.log"), folder.path + "/./new.log", folder.file("linked") + "/new.log"] {
            #expect(throws: UsageError.self) {
                try DistinctFiles.check(inputs: [], outputs: [("--log", folder.file("new.log")), ("--record", other)])
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("new.log")))
        #expect(ChallengeTUI.main(arguments: ["--log", folder.file("x"), "--record", folder.path + "/./x"], environment: [:]) == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.file("x")), "nothing was made")
    }

    /// Different files pass, and a device may take two outputs (`/dev/null` for both).
    @Test func differentFilesAndDevicesPass() throws {
        let folder = TemporaryDirectory()
        try DistinctFiles.check(
            inputs: [("--replay", Self.demo)], outputs: [("--export-cast", folder.file("a.cast"))])
        try DistinctFiles.check(inputs: [], outputs: [("--log", folder.file("a.log")), ("--record", folder.file("a.jsonl"))])
        try DistinctFiles.check(inputs: [], outputs: [("--log", "/dev/null"), ("--record", "/dev/null")])
    }
}
