import FoundationEssentials
internal import COpenSSL
internal import CSystem

/// Key material in memory of its own, overwritten (`explicit_bzero`, which the compiler may not
/// optimise away) when the last reference goes. `Data` would leave copies in freed memory
/// whenever it grows or is copied; this never moves. See Docs/security.md, "Keys in memory".
final class SecretBytes: @unchecked Sendable {
    // Written once in `init`, read-only afterwards.
    private let buffer: UnsafeMutableRawBufferPointer

    /// Copies `bytes` in; the caller wipes its own copy (`Data.cleanse()`).
    init(copying bytes: Data) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { buffer.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        }
        self.buffer = buffer
        count = bytes.count
    }

    deinit {
        csystem_wipe(buffer.baseAddress, UInt(buffer.count))
        buffer.deallocate()
    }

    let count: Int

    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }

    /// Compares in time that doesn't depend on where the bytes differ.
    func isEqual(to other: SecretBytes) -> Bool {
        withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in
                mine.count == theirs.count && CRYPTO_memcmp(mine.baseAddress, theirs.baseAddress, mine.count) == 0
            }
        }
    }
}

extension Data {
    /// Overwrites the bytes in place (`explicit_bzero`): for buffers that held a key or a
    /// passphrase and are about to be released.
    mutating func cleanse() {
        withUnsafeMutableBytes { csystem_wipe($0.baseAddress, UInt($0.count)) }
    }
}

extension Array where Element == UInt8 {
    mutating func cleanse() {
        withUnsafeMutableBytes { csystem_wipe($0.baseAddress, UInt($0.count)) }
    }
}
