/// Bounds-checked little-endian reads from untrusted bytes: nil past the end, never a trap.
struct LittleEndianReader {
    let bytes: UnsafeRawBufferPointer

    func u16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    func u32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
    }

    func i32(at offset: Int) -> Int32? {
        u32(at: offset).map { Int32(bitPattern: $0) }
    }
}
