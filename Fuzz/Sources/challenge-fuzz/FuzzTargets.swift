@testable import AppShell
import Articles
@testable import ArticlesApp
import Core
@testable import DevServer
import Foundation
import Imaging
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording

/// Every fuzz target: its name (also its seed corpus, `Fuzz/corpus/<name>/`) and what it does
/// with one input. A target must never crash, leak or hang on any input; what it returns is
/// ignored. Adding one is a line here (and its module in Package.swift's fuzz dependencies).
/// See Docs/testing-fuzzing.md.
/// The challenges a fuzzed recording may name: the program's (`Challenge.all`, which the
/// executable holds and no other program can link).
private let recorded: [Challenge] = [.navigation, .articles, .profile]

let fuzzTargets: [(name: String, run: @Sendable (UnsafeRawBufferPointer) -> Void)] = [
    ("json", { _ = try? JSONParser.parse(Array($0)) }),
    ("articles", { _ = try? ArticleDecoder.decode(Data($0)) }),
    ("http-request", { _ = RequestParser.parse(Array($0), limits: HTTPLimits()) }),
    ("jwt", { _ = try? JWT.verify(authorization: String(decoding: $0, as: UTF8.self), secret: "fuzz", now: fixedNow) }),
    // PNG, JPEG, GIF and BMP by their signature; a small pixel cap keeps each run quick.
    ("image", { _ = try? ImageDecoder.decode($0, limits: ImageLimits(maxSide: 4096, maxPixels: 4_000_000)) }),
    ("jwt-claims", { _ = try? JWT.verify(authorization: signedToken(claims: $0), secret: "fuzz", now: fixedNow) }),
    // The input as a configuration file, read with a cap of 2 KB (half the fuzzer's longest
    // input, so both sides of the cap are reached), then parsed.
    ("configuration-file", { input in
        guard let path = FuzzFiles.write(input, as: "config.json"),
              let data = try? ConfigurationFile.read(path, limit: 2048) else { return }
        _ = try? JSONValue.parse(data, file: path)
    }),
    // The input as a recording (`--replay`): read and checked line by line, then, when its
    // terminal is of a size a person has, played through (answers read back, frames drawn).
    ("recording", { input in
        guard let recording = try? SessionRecording.parse(Data(input), file: "fuzz.jsonl", challenges: recorded),
            recording.fitsAFuzzRun
        else { return }
        _ = try? SessionVerdict.check(recording)
    }),
    // The input as a stored record's file, read through the encrypted store (its cap, its
    // damaged-record handling); what it sets aside is removed again.
    ("stored-record", { input in
        guard let store = FuzzFiles.store, FuzzFiles.write(input, as: "fuzz.record") != nil else { return }
        _ = try? store.read("fuzz.record")
        FuzzFiles.removeSetAside()
    }),
]

/// One folder for the file-reading targets, made once.
enum FuzzFiles {
    static let folder: String = {
        var template = Array("/tmp/challenge-fuzz-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) } ?? "/tmp"
    }()
    static let store: EncryptedFileStore? = {
        guard let key = try? EncryptionKey(bytes: Data(repeating: 7, count: 32)) else { return nil }
        return try? EncryptedFileStore(directory: folder + "/store", key: key, time: .system)
    }()

    static func write(_ bytes: UnsafeRawBufferPointer, as name: String) -> String? {
        let path = (name.hasSuffix(".record") ? folder + "/store/" : folder + "/") + name
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return nil }
        return path
    }

    static func removeSetAside() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/store")) ?? []
        for name in names where name.contains(".damaged-") { try? FileManager.default.removeItem(atPath: folder + "/store/" + name) }
    }
}

/// `Bearer <token>` whose header and payload are the input's two lines (before and after the
/// first newline), correctly signed: random tokens never get past the signature, these reach
/// the claims (`alg`, `exp`, `sub`).
func signedToken(claims: UnsafeRawBufferPointer) -> String {
    let newline = claims.firstIndex(of: 0x0A) ?? claims.endIndex
    let header = Data(claims[..<newline])
    let payload = Data(claims[min(newline + 1, claims.endIndex)...])
    let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
    let signature = HMAC.sha256(key: Data("fuzz".utf8), data: Data(signingInput.utf8))
    return "Bearer " + signingInput + "." + Base64URL.encode(signature)
}

/// A fixed "now", so whether a token has expired never depends on when the fuzzer runs.
private let fixedNow = Date(timeIntervalSince1970: 1_700_000_000)
