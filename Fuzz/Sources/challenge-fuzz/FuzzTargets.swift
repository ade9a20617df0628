import Articles
import Core
@testable import DevServer
import Foundation
import Imaging

/// Every fuzz target: its name (also its seed corpus, `Fuzz/corpus/<name>/`) and what it does
/// with one input. A target must never crash, leak or hang on any input; what it returns is
/// ignored. Adding one is a line here (and its module in Package.swift's fuzz dependencies).
/// See Docs/testing-fuzzing.md.
let fuzzTargets: [(name: String, run: @Sendable (UnsafeRawBufferPointer) -> Void)] = [
    ("json", { _ = try? JSONParser.parse(Array($0)) }),
    ("articles", { _ = try? ArticleDecoder.decode(Data($0)) }),
    ("http-request", { _ = RequestParser.parse(Array($0), limits: HTTPLimits()) }),
    ("jwt", { _ = try? JWT.verify(authorization: String(decoding: $0, as: UTF8.self), secret: "fuzz", now: fixedNow) }),
    // PNG, JPEG, GIF and BMP by their signature; a small pixel cap keeps each run quick.
    ("image", { _ = try? ImageDecoder.decode($0, limits: ImageLimits(maxSide: 4096, maxPixels: 4_000_000)) }),
    ("jwt-claims", { _ = try? JWT.verify(authorization: signedToken(claims: $0), secret: "fuzz", now: fixedNow) }),
]

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
