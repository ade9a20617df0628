import Core

/// Large values an answer carries (an article list, a picture) are written once: the first time
/// as `{"blob": N, "value": …}`, after that as `{"blob": N}` (Docs/recording.md, "Size"). One
/// value of this type writes a recording's blobs, another reads them back, in file order.
package final class SessionBlobs {

    /// Writing: the number of each value written, by its text's length and FNV-1a hash.
    private var written: [Fingerprint: Int] = [:]
    /// Reading: the values defined so far.
    private var read: [Int: JSONValue] = [:]
    private var next = 1

    /// The most blobs a recording may define.
    package static let most = 100_000

    private struct Fingerprint: Hashable {
        package var length: Int
        package var hash: UInt64
    }

    package init() {}

    /// `value` as a blob: whole the first time, by number after.
    package func share(_ value: JSONValue) -> JSONValue {
        let text = value.description
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let fingerprint = Fingerprint(length: text.utf8.count, hash: hash)
        if let number = written[fingerprint] { return .object(["blob": .int(number)]) }
        let number = next
        next += 1
        written[fingerprint] = number
        return .object(["blob": .int(number), "value": value])
    }

    /// The value a blob stands for: defined here, or earlier in the file.
    package func resolve(_ reader: JSONReader) throws(ConfigurationError) -> JSONReader {
        let object = try SessionObject(reader, known: ["blob", "value"])
        let number = try object("blob").int(in: 1...Self.most)
        if let value = object.optional("value") {
            guard read[number] == nil else { throw reader.error("blob \(number) is defined twice") }
            read[number] = value.value
            return value
        }
        guard let value = read[number] else { throw reader.error("blob \(number) is used before it is defined") }
        return JSONReader(file: reader.file, path: reader.path, value: value)
    }
}
