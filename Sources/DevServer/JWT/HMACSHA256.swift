import COpenSSL
import Foundation

/// HMAC-SHA256 through libcrypto. Kept in this one file so it can be swapped for Core's HMAC
/// helper once that lands.
enum HMACSHA256 {
    static func authenticationCode(for message: Data, key: Data) -> Data {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                output.withUnsafeMutableBufferPointer { out in
                    // An empty key or message may have a nil base address; libcrypto accepts a
                    // non-null pointer with length 0.
                    HMAC(EVP_sha256(),
                         keyBytes.baseAddress ?? UnsafeRawPointer(out.baseAddress!), Int32(keyBytes.count),
                         messageBytes.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(out.baseAddress!), messageBytes.count,
                         out.baseAddress, &length) != nil
                }
            }
        }
        // HMAC-SHA256 only fails when libcrypto can't allocate; an empty code then never verifies.
        return ok ? Data(output.prefix(Int(length))) : Data()
    }

    /// Compares in time independent of where the codes differ.
    static func equal(_ a: Data, _ b: Data) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
