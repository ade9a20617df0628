import FoundationEssentials
internal import COpenSSL

/// HMAC-SHA256 (the dev server signs and checks its HS256 JSON web tokens with it).
public enum HMAC {
    /// The 32-byte HMAC-SHA256 of `data` under `key`.
    public static func sha256(key: Data, data: Data) -> Data {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let result = withPointer(to: key) { keyBytes in
            withPointer(to: data) { dataBytes in
                COpenSSL.HMAC(EVP_sha256(), keyBytes, Int32(key.count), dataBytes, data.count, &output, &length)
            }
        }
        // HMAC() only fails on allocation failure or an unknown digest, neither recoverable.
        precondition(result != nil && length == 32, "HMAC-SHA256 failed: \(OpenSSLError.last())")
        return Data(output)
    }

    /// The HMAC-SHA256 of `data` under a key kept in wiped memory (`EncryptionKey`).
    static func sha256(key: SecretBytes, data: Data) -> Data {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let result = key.withUnsafeBytes { keyBytes in
            withPointer(to: data) { dataBytes in
                COpenSSL.HMAC(EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), dataBytes, data.count, &output, &length)
            }
        }
        precondition(result != nil && length == 32, "HMAC-SHA256 failed: \(OpenSSLError.last())")
        return Data(output)
    }

    /// Compares two codes in time that doesn't depend on where they differ, so a forger can't
    /// learn a valid signature byte by byte.
    public static func isEqual(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}

public enum SHA256 {
    /// The 32-byte SHA-256 digest of `data`.
    public static func hash(_ data: Data) -> Data {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = withPointer(to: data) { bytes in
            EVP_Digest(bytes, data.count, &output, &length, EVP_sha256(), nil)
        }
        precondition(ok == 1 && length == 32, "SHA-256 failed: \(OpenSSLError.last())")
        return Data(output)
    }
}

enum PBKDF2 {
    /// PBKDF2-HMAC-SHA256 of `passphrase` with `salt`, `iterations` rounds, `length` bytes.
    static func sha256(passphrase: String, salt: Data, iterations: Int, length: Int = 32) -> Data {
        precondition(iterations >= 1 && length > 0)
        var output = [UInt8](repeating: 0, count: length)
        let pass = Data(passphrase.utf8)
        let ok = withPointer(to: pass) { passBytes in
            withPointer(to: salt) { saltBytes in
                passBytes.withMemoryRebound(to: CChar.self, capacity: max(pass.count, 1)) { passChars in
                    PKCS5_PBKDF2_HMAC(
                        passChars, Int32(pass.count), saltBytes, Int32(salt.count),
                        Int32(iterations), EVP_sha256(), Int32(length), &output)
                }
            }
        }
        precondition(ok == 1, "PBKDF2 failed: \(OpenSSLError.last())")
        return Data(output)
    }
}

enum SecureRandom {
    /// `count` bytes from libcrypto's CSPRNG.
    static func bytes(_ count: Int) throws(StoreError) -> Data {
        var output = [UInt8](repeating: 0, count: count)
        guard RAND_bytes(&output, Int32(count)) == 1 else {
            throw .key("the system's random generator failed: \(OpenSSLError.last())")
        }
        return Data(output)
    }
}

extension Data {
    /// Lower-case hexadecimal.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Bytes from hexadecimal text (either case), `nil` unless every character is a hex digit
    /// and there is an even number of them.
    public init?(hexString: String) {
        let chars = Array(hexString.utf8)
        guard chars.count % 2 == 0 else { return nil }
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(chars.count / 2)
        var index = 0
        while index < chars.count {
            guard let high = value(chars[index]), let low = value(chars[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        self.init(bytes)
    }
}
