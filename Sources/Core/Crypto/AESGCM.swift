import FoundationEssentials
internal import COpenSSL

/// AES-256-GCM through libcrypto's EVP interface: authenticated encryption, so a changed byte,
/// a wrong key or wrong additional data is detected instead of decrypted into garbage.
enum AESGCM {
    static let keySize = 32
    static let nonceSize = 12
    static let tagSize = 16

    enum Failure: Error, Equatable {
        /// The tag didn't match: wrong key, tampered bytes or wrong additional data.
        case authentication
        /// libcrypto refused (should not happen with valid sizes).
        case library(String)
    }

    /// Returns `ciphertext + tag`. The key stays in its own wiped memory (`EncryptionKey`).
    static func seal(_ plaintext: Data, key: SecretBytes, nonce: Data, authenticating aad: Data) throws(Failure) -> Data {
        precondition(key.count == keySize)
        return try key.withUnsafeBytes { key in
            Result { () throws(Failure) in
                try seal(plaintext, keyBytes: key.baseAddress!.assumingMemoryBound(to: UInt8.self), nonce: nonce, authenticating: aad)
            }
        }.get()
    }

    private static func seal(_ plaintext: Data, keyBytes key: UnsafePointer<UInt8>, nonce: Data, authenticating aad: Data) throws(Failure) -> Data {
        precondition(nonce.count == nonceSize)
        guard let context = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + tagSize)
        let aadCount = aad.count, inputCount = plaintext.count
        let ok: Bool = withPointer(to: nonce) { nonce in
            withPointer(to: aad) { aad in
                withPointer(to: plaintext) { input in
                    output.withUnsafeMutableBytes { out in
                        let out = out.bindMemory(to: UInt8.self)
                        var length: Int32 = 0
                        guard EVP_EncryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
                              EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceSize), nil) == 1,
                              EVP_EncryptInit_ex(context, nil, nil, key, nonce) == 1,
                              EVP_EncryptUpdate(context, nil, &length, aad, Int32(aadCount)) == 1,
                              EVP_EncryptUpdate(context, out.baseAddress, &length, input, Int32(inputCount)) == 1
                        else { return false }
                        var final: Int32 = 0
                        guard EVP_EncryptFinal_ex(context, out.baseAddress! + Int(length), &final) == 1 else { return false }
                        let tag = out.baseAddress! + Int(length + final)
                        return EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagSize), tag) == 1
                    }
                }
            }
        }
        guard ok else { throw .library(OpenSSLError.last()) }
        return Data(output)
    }

    /// Opens `ciphertext + tag` sealed by `seal`.
    static func open(_ sealed: Data, key: SecretBytes, nonce: Data, authenticating aad: Data) throws(Failure) -> Data {
        precondition(key.count == keySize)
        return try key.withUnsafeBytes { key in
            Result { () throws(Failure) in
                try open(sealed, keyBytes: key.baseAddress!.assumingMemoryBound(to: UInt8.self), nonce: nonce, authenticating: aad)
            }
        }.get()
    }

    private static func open(_ sealed: Data, keyBytes key: UnsafePointer<UInt8>, nonce: Data, authenticating aad: Data) throws(Failure) -> Data {
        precondition(nonce.count == nonceSize)
        guard sealed.count >= tagSize else { throw .authentication }
        guard let context = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        let ciphertext = sealed.prefix(sealed.count - tagSize)
        var tag = [UInt8](sealed.suffix(tagSize))
        var output = [UInt8](repeating: 0, count: ciphertext.count + 1)
        let aadCount = aad.count, inputCount = ciphertext.count
        let ok: Bool = withPointer(to: nonce) { nonce in
            withPointer(to: aad) { aad in
                withPointer(to: ciphertext) { input in
                    output.withUnsafeMutableBytes { out in
                        let out = out.bindMemory(to: UInt8.self)
                        var length: Int32 = 0
                        guard EVP_DecryptInit_ex(context, EVP_aes_256_gcm(), nil, nil, nil) == 1,
                              EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceSize), nil) == 1,
                              EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1,
                              EVP_DecryptUpdate(context, nil, &length, aad, Int32(aadCount)) == 1,
                              EVP_DecryptUpdate(context, out.baseAddress, &length, input, Int32(inputCount)) == 1,
                              EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), &tag) == 1
                        else { return false }
                        var final: Int32 = 0
                        return EVP_DecryptFinal_ex(context, out.baseAddress! + Int(length), &final) == 1
                    }
                }
            }
        }
    // The final step fails when the tag doesn't match; clear the error queue it leaves.
        guard ok else { ERR_clear_error(); throw .authentication }
        return Data(output.prefix(ciphertext.count))
    }
}

/// Calls `body` with a pointer to `data`'s bytes that is never nil: an empty buffer's base
/// address is nil, which some libcrypto calls reject even with a zero length.
func withPointer<R>(to data: Data, _ body: (UnsafePointer<UInt8>) -> R) -> R {
    if data.isEmpty {
        var zero: UInt8 = 0
        return withUnsafePointer(to: &zero) { body($0) }
    }
    return data.withUnsafeBytes { body($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
}

enum OpenSSLError {
    /// Why libcrypto can't be used (it is loaded on first use), or nil when it is ready.
    static var unavailable: String? { copenssl_load_error().map { String(cString: $0) } }

    /// The last libcrypto error as text, clearing the queue.
    static func last() -> String {
        if let problem = unavailable { return problem }
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "libcrypto failed" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
