@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Core
@testable import DevServer
import Foundation
import Imaging
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing

/// Every seed of every fuzz target (`Fuzz/corpus/<target>/`), through the same call the fuzz
/// target makes: an input that once crashed a parser is kept there as `regression-…` and stays a
/// test of the normal suite, fuzzed or not. See Docs/testing-fuzzing.md.
@Suite(.timeLimit(.minutes(10))) struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/corpus")

    /// The same calls as Fuzz/Sources/challenge-fuzz/FuzzTargets.swift.
    static let targets: [String: @Sendable (Data) -> Void] = [
        "json": { _ = try? JSONParser.parse(Array($0)) },
        "articles": { _ = try? ArticleDecoder.decode($0) },
        "http-request": { _ = RequestParser.parse(Array($0), limits: HTTPLimits()) },
        "jwt": {
            _ = try? JWT.verify(
                authorization: String(decoding: $0, as: UTF8.self), secret: "fuzz", now: Date(timeIntervalSince1970: 1_700_000_000))
        },
        "image": { _ = try? ImageDecoder.decode(Array($0), limits: ImageLimits(maxSide: 4096, maxPixels: 4_000_000)) },
        "jwt-claims": { claims in
            _ = try? JWT.verify(authorization: signedToken(claims), secret: "fuzz", now: Date(timeIntervalSince1970: 1_700_000_000))
        },
        "configuration-file": { input in
            let path = folder + "/config.json"
            guard FileManager.default.createFile(atPath: path, contents: input),
                  let data = try? ConfigurationFile.read(path, limit: 2048) else { return }
            _ = try? JSONValue.parse(data, file: path)
        },
        "recording": { input in
            guard let recording = try? SessionRecording.parse(input, file: "fuzz.jsonl", challenges: Challenge.all), recording.fitsAFuzzRun else { return }
            _ = try? SessionVerdict.check(recording)
        },
        "stored-record": { input in
            guard let store, FileManager.default.createFile(atPath: folder + "/store/fuzz.record", contents: input) else { return }
            _ = try? store.read("fuzz.record")
        },
    ]

    /// Where the file-reading targets write their input, as the fuzz targets do.
    static let folder: String = {
        let path = NSTemporaryDirectory() + "/fuzz-corpus-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path + "/store", withIntermediateDirectories: true)
        return path
    }()
    static let store: EncryptedFileStore? = {
        guard let key = try? EncryptionKey(bytes: Data(repeating: 7, count: 32)) else { return nil }
        return try? EncryptedFileStore(directory: folder + "/store", key: key, time: .system)
    }()

    /// As the fuzz target makes it: the input's two lines as header and payload, signed.
    static func signedToken(_ claims: Data) -> String {
        let newline = claims.firstIndex(of: 0x0A) ?? claims.endIndex
        let header = claims[..<newline]
        let payload = claims[min(newline + 1, claims.endIndex)...]
        let signingInput = Base64URL.encode(Data(header)) + "." + Base64URL.encode(Data(payload))
        return "Bearer " + signingInput + "." + Base64URL.encode(HMAC.sha256(key: Data("fuzz".utf8), data: Data(signingInput.utf8)))
    }

    @Test func everyTargetHereHasASeedFolder() throws {
        let folders = Set(try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path))
        #expect(Set(Self.targets.keys).isSubset(of: folders))
    }

    @Test(arguments: ["json", "articles", "http-request", "jwt", "jwt-claims", "configuration-file", "stored-record", "recording"])
    func everySeedRunsThroughItsTarget(_ target: String) throws {
        let run = try #require(Self.targets[target])
        let folder = Self.corpus.appendingPathComponent(target)
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!seeds.isEmpty)
        for seed in seeds {
            run(try Data(contentsOf: folder.appendingPathComponent(seed)))
        }
    }

    @Test func theSeedsReachDeepIntoTheirParsers() throws {
        // The valid seeds parse: the fuzzer starts from inputs that get past the first checks.
        let json = try Data(contentsOf: Self.corpus.appendingPathComponent("json/configuration.json"))
        #expect(throws: Never.self) { try JSONParser.parse(Array(json)) }
        let articles = try Data(contentsOf: Self.corpus.appendingPathComponent("articles/one-article.json"))
        #expect(try ArticleDecoder.decode(articles).articles.count == 1)
        let request = try Data(contentsOf: Self.corpus.appendingPathComponent("http-request/get.txt"))
        guard case .head(let head, _) = RequestParser.parse(Array(request), limits: HTTPLimits()) else {
            Issue.record("the GET seed is not a request head")
            return
        }
        #expect(head.target == "/rLogin")
        let token = try Data(contentsOf: Self.corpus.appendingPathComponent("jwt/dev-token.txt"))
        #expect(throws: JWT.Rejection.badSignature) {
            try JWT.verify(authorization: String(decoding: token, as: UTF8.self), secret: "fuzz", now: Date())
        }
        let recording = try Data(contentsOf: Self.corpus.appendingPathComponent("recording/seed-navigation.jsonl"))
        let session = try SessionRecording.parse(recording, file: "seed-navigation.jsonl", challenges: Challenge.all)
        #expect(session.fitsAFuzzRun && session.frameCount > 3)
        let verdict = try SessionVerdict.check(session)
        #expect(verdict.isIdentical, "the recording seed replays whole: \(verdict.summary)")
        let claims = try Data(contentsOf: Self.corpus.appendingPathComponent("jwt-claims/valid.txt"))
        #expect(try JWT.verify(authorization: Self.signedToken(claims), secret: "fuzz", now: Date(timeIntervalSince1970: 1_700_000_000)) == "ada")
    }
}
