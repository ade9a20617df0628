import FoundationEssentials

/// One stored chunk of the list, in binary: the rows as they are in memory, then their text.
///
///     "CTA2" | count (UInt32 LE) | count × row (44 bytes, little-endian) | text bytes
///
/// A row: id (Int64), day (Int32, `ArticleList.Row.day`), then start and length (UInt32 each)
/// of the title, description, author and image in the text that follows. Reading checks every
/// range against the text and the text is UTF-8, so even a chunk that authenticated but was
/// written wrongly can't make a row point outside its bytes.
enum ArticleChunk {
    static let magic: [UInt8] = Array("CTA2".utf8)
    static let rowSize = 44

    static func encode(_ list: ArticleList, _ range: Range<Int>) -> Data {
        // One pass into one buffer of the exact size: no per-field appends (a chunk of 4,096
        // articles has 16,384 fields).
        var text = 0
        for row in list.rows[range] { text += Int(row.title.count + row.description.count + row.author.count + row.image.count) }
        let size = 8 + range.count * rowSize + text
        return list.bytes.withUnsafeBytes { source in
            var data = Data(count: size)
            data.withUnsafeMutableBytes { out in
                let base = out.baseAddress!
                var at = 0
                func put<T: FixedWidthInteger>(_ value: T) {
                    base.storeBytes(of: value.littleEndian, toByteOffset: at, as: T.self)
                    at += MemoryLayout<T>.size
                }
                for byte in magic { put(byte) }
                put(UInt32(range.count))
                var textAt = 0
                let textBase = base + 8 + range.count * rowSize
                for row in list.rows[range] {
                    put(Int64(row.id))
                    put(row.day)
                    for field in [row.title, row.description, row.author, row.image] {
                        put(UInt32(textAt))
                        put(field.count)
                        if field.count > 0 {
                            (textBase + textAt).copyMemory(from: source.baseAddress! + Int(field.start), byteCount: Int(field.count))
                        }
                        textAt += Int(field.count)
                    }
                }
            }
            return data
        }
    }

    /// The chunk's articles, or `nil` when the bytes are not a chunk.
    static func decode(_ data: Data) -> ArticleList? {
        data.withUnsafeBytes { raw -> ArticleList? in
            guard raw.count >= 8, raw.prefix(4).elementsEqual(magic) else { return nil }
            func read<T: FixedWidthInteger>(_ offset: Int, as type: T.Type) -> T {
                T(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            let count = Int(read(4, as: UInt32.self))
            let textStart = 8 + count * rowSize
            guard count <= (raw.count - 8) / rowSize, textStart <= raw.count else { return nil }
            let text = UnsafeRawBufferPointer(rebasing: raw[textStart...])
            guard String(validating: text.bindMemory(to: UInt8.self), as: UTF8.self) != nil else { return nil }
            var rows: [ArticleList.Row] = []
            rows.reserveCapacity(count)
            for index in 0..<count {
                let base = 8 + index * rowSize
                var fields: [ArticleList.Field] = []
                for field in 0..<4 {
                    let start = read(base + 12 + field * 8, as: UInt32.self), length = read(base + 16 + field * 8, as: UInt32.self)
                    guard Int(start) + Int(length) <= text.count else { return nil }
                    fields.append(ArticleList.Field(start: start, count: length))
                }
                let day = read(base + 8, as: Int32.self)
                guard CalendarDateKey.isValid(day) else { return nil }
                rows.append(ArticleList.Row(
                    id: Int(read(base, as: Int64.self)), day: day, title: fields[0], description: fields[1], author: fields[2],
                    image: fields[3]))
            }
            return ArticleList(bytes: Data(text), rows: rows)
        }
    }
}

/// Checks a stored `ArticleList.Row.day`.
enum CalendarDateKey {
    static func isValid(_ key: Int32) -> Bool {
        let key = Int(key)
        return key > 0 && ArticleList.validDate(year: key / 10_000, month: key / 100 % 100, day: key % 100)
    }
}
