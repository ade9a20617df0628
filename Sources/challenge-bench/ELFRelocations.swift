import Foundation

/// How many pointers the dynamic loader relocates in a program file before `main`: its RELA and
/// REL entries, its PLT entries and each address of its packed relative relocations (RELR), read
/// from the ELF file's dynamic section. Libraries it loads are not counted. Nil for a file that
/// is not a 64-bit little-endian ELF with a dynamic section.
enum ELFRelocations {
    static func count(path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { count(in: $0) }
    }

    static func count(in file: UnsafeRawBufferPointer) -> Int? {
        func u64(_ offset: Int) -> UInt64? {
            guard offset >= 0, offset + 8 <= file.count else { return nil }
            return file.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
        }
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= file.count else { return nil }
            return Int(file.loadUnaligned(fromByteOffset: offset, as: UInt16.self).littleEndian)
        }
        guard file.count > 0x40, file[0] == 0x7F, file[1] == 0x45, file[2] == 0x4C, file[3] == 0x46, file[4] == 2, file[5] == 1,
              let headers = u64(0x20), let headerSize = u16(0x36), let headerCount = u16(0x38)
        else { return nil }
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: (offset: Int, size: Int)?
        for index in 0..<headerCount {
            let header = Int(headers) + index * headerSize
            guard header + 0x38 <= file.count else { return nil }
            let type = file.loadUnaligned(fromByteOffset: header, as: UInt32.self).littleEndian
            guard let offset = u64(header + 0x08), let address = u64(header + 0x10), let size = u64(header + 0x20) else { return nil }
            if type == 1 { loads.append((address, offset, size)) }
            if type == 2 { dynamic = (Int(offset), Int(size)) }
        }
        guard let dynamic else { return nil }
        var values: [UInt64: UInt64] = [:]
        for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
            guard let tag = u64(entry), let value = u64(entry + 8) else { return nil }
            if tag == 0 { break }
            values[tag] = value
        }
        // DT_RELASZ, DT_PLTRELSZ (RELA on x86-64), DT_RELSZ.
        var total = Int((values[8] ?? 0) / 24 + (values[2] ?? 0) / 24 + (values[18] ?? 0) / 16)
        // DT_RELR, DT_RELRSZ: an address, then bitmaps of the next 63 words each.
        if let address = values[36], let size = values[35],
           let load = loads.first(where: { address >= $0.address && address < $0.address + $0.size })
        {
            let start = Int(load.offset + (address - load.address))
            for entry in stride(from: start, to: start + Int(size), by: 8) {
                guard let word = u64(entry) else { return nil }
                total += word & 1 == 0 ? 1 : (word >> 1).nonzeroBitCount
            }
        }
        return total
    }
}
