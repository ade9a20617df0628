import CoreTesting
import Foundation
import Testing
@testable import Core

/// Every file read is capped and can't block (Docs/security.md, "Files"). A FIFO would make a
/// plain `open` wait for a writer for ever: these tests would hang there, so the suite has a limit.
@Suite(.timeLimit(.minutes(10))) struct BoundedFileReaderTests {
    let folder = TemporaryDirectory()

    func write(_ name: String, _ data: Data) -> String {
        let path = folder.file(name)
        #expect(FileManager.default.createFile(atPath: path, contents: data))
        return path
    }

    func fifo(_ name: String) -> String {
        let path = folder.file(name)
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func aFileUpToTheCapIsReadAndOneByteMoreIsRefused() throws {
        #expect(try BoundedFileReader.read(write("at", Data(repeating: 1, count: 1000)), limit: 1000).count == 1000)
        #expect(throws: BoundedFileReader.Failure.tooLarge(size: 1001, limit: 1000)) {
            try BoundedFileReader.read(write("over", Data(repeating: 1, count: 1001)), limit: 1000)
        }
        #expect(try BoundedFileReader.read(write("empty", Data()), limit: 0) == Data())
        #expect(throws: BoundedFileReader.Failure.missing) { try BoundedFileReader.read(folder.file("none"), limit: 10) }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() {
        #expect(throws: BoundedFileReader.Failure.notARegularFile(kind: "a FIFO (named pipe)")) {
            try BoundedFileReader.read(fifo("pipe"), limit: 1000)
        }
    }

    @Test func devicesAndFoldersAreRefusedBeforeAByteIsRead() {
        #expect(throws: BoundedFileReader.Failure.notARegularFile(kind: "a character device")) {
            try BoundedFileReader.read("/dev/zero", limit: 1_048_576)
        }
        #expect(throws: BoundedFileReader.Failure.notARegularFile(kind: "a folder")) {
            try BoundedFileReader.read(folder.path, limit: 1_048_576)
        }
    }

    @Test func aSparseGigabyteIsRefusedByItsSizeAlone() throws {
        let path = write("sparse", Data())
        #expect(truncate(path, 1 << 30) == 0)
        #expect(throws: BoundedFileReader.Failure.tooLarge(size: 1 << 30, limit: 1_048_576)) {
            try BoundedFileReader.read(path, limit: 1_048_576)
        }
    }

    @Test func theConfigurationReaderCapsAtOneMegabyteAndNamesTheFile() throws {
        #expect(ConfigurationFile.maximumBytes == 1_048_576)
        #expect(try ConfigurationFile.read(write("ok.json", Data(repeating: 32, count: 1_048_576))).count == 1_048_576)
        let big = write("big.json", Data(repeating: 32, count: 1_048_577))
        #expect(throws: ConfigurationError(
            file: big, keyPath: "", problem: "can't be read (it is larger than the limit of 1 MB (1,048,577 bytes))")
        ) { try ConfigurationFile.read(big) }
        let pipe = fifo("pipe.json")
        #expect(throws: ConfigurationError(file: pipe, keyPath: "", problem: "can't be read (it is a FIFO (named pipe), not a regular file)")) {
            try ConfigurationFile.read(pipe)
        }
        #expect(throws: ConfigurationError(file: "/dev/zero", keyPath: "", problem: "can't be read (it is a character device, not a regular file)")) {
            try ConfigurationFile.read("/dev/zero")
        }
    }

    @Test func aBadValueIsQuotedInAtMostSixtyCharacters() throws {
        let huge = String(repeating: "x", count: 500_000)
        let json = try JSONValue.parse(Data(#"{"\#(huge)": "\#(huge)", "n": "\#(huge)"}"#.utf8), file: "c.json")
        let reader = JSONReader(file: "c.json", value: json)
        let members = try reader.dictionary()
        let number = try #require(members.first { $0.key == "n" }).reader
        let error = #expect(throws: ConfigurationError.self) { try number.number() }
        #expect(error?.message == "c.json: n: expected a number, got \"" + String(repeating: "x", count: 60) + "…\"")
        let unknown = #expect(throws: ConfigurationError.self) { try reader.object(known: ["n"]) }
        #expect((unknown?.message.count ?? .max) < 200)
        let twice = #expect(throws: ConfigurationError.self) {
            try JSONValue.parse(Data(#"{"\#(huge)": 1, "\#(huge)": 2}"#.utf8), file: "c.json")
        }
        #expect((twice?.message.count ?? .max) < 200)
    }

    @Test func anExcerptCutsAtCharactersNotBytes() {
        #expect("short".excerpt() == "short")
        #expect(String(repeating: "é", count: 61).excerpt() == String(repeating: "é", count: 60) + "…")
        #expect(String(repeating: "é", count: 60).excerpt() == String(repeating: "é", count: 60))
    }
}
