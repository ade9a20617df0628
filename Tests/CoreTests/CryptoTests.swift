import Foundation
import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct CryptoTests {
    @Test func hmacSHA256MatchesRFC4231TestCase2() {
        let mac = HMAC.sha256(key: Data("Jefe".utf8), data: Data("what do ya want for nothing?".utf8))
        #expect(mac.hexString == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func hmacWorksWithEmptyKeyAndData() {
        #expect(HMAC.sha256(key: Data(), data: Data()).hexString
            == "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    @Test func sha256MatchesTheKnownDigests() {
        #expect(SHA256.hash(Data("abc".utf8)).hexString == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash(Data()).hexString == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func pbkdf2MatchesAPublishedSHA256Vector() {
        // RFC 7914 §11: PBKDF2-HMAC-SHA256("passwd", "salt", 1 iteration, 64 bytes).
        let key = PBKDF2.sha256(passphrase: "passwd", salt: Data("salt".utf8), iterations: 1, length: 64)
        #expect(key.hexString.hasPrefix("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"))
    }

    @Test func aesGCMRoundTripsAndDetectsEveryKindOfTampering() throws {
        let key = SecretBytes(copying: Data(repeating: 7, count: 32))
        let nonce = Data(repeating: 1, count: 12)
        let sealed = try AESGCM.seal(Data("hello".utf8), key: key, nonce: nonce, authenticating: Data("name".utf8))
        #expect(sealed.count == 5 + 16)
        #expect(try AESGCM.open(sealed, key: key, nonce: nonce, authenticating: Data("name".utf8)) == Data("hello".utf8))
        #expect(throws: AESGCM.Failure.authentication) {
            try AESGCM.open(sealed, key: key, nonce: nonce, authenticating: Data("other".utf8))
        }
        var flipped = sealed
        flipped[0] ^= 1
        #expect(throws: AESGCM.Failure.authentication) {
            try AESGCM.open(flipped, key: key, nonce: nonce, authenticating: Data("name".utf8))
        }
        #expect(throws: AESGCM.Failure.authentication) {
            try AESGCM.open(Data(sealed.prefix(10)), key: key, nonce: nonce, authenticating: Data())
        }
        let empty = try AESGCM.seal(Data(), key: key, nonce: nonce, authenticating: Data())
        #expect(try AESGCM.open(empty, key: key, nonce: nonce, authenticating: Data()) == Data())
    }

    @Test func hexConversionRoundTripsAndRejectsNonHex() {
        #expect(Data(hexString: "00ffA0")?.hexString == "00ffa0")
        #expect(Data(hexString: "abc") == nil)
        #expect(Data(hexString: "zz") == nil)
    }
}
