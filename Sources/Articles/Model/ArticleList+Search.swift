import Dispatch
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension ArticleList {
    /// The indices of the articles whose title, author or description contains `query`, whatever
    /// the case, in list order; only among `candidates` when given (what a shorter query matched:
    /// a longer one matches among them). An empty query matches every article.
    ///
    /// The text is searched where it is, in the list's one buffer: no string is made per article.
    /// An ASCII query's first byte is found with `memchr` (vectorised), in both cases, and the rest
    /// compared with ASCII case folding; a query with other letters is compared as Unicode lower
    /// case, article by article (slower, and rare). See Docs/performance.md, "Finding in the list".
    public func indices(matching query: String, among candidates: [Int]? = nil) -> [Int] {
        let needle = Array(query.utf8)
        guard !needle.isEmpty else { return candidates ?? Array(rows.indices) }
        guard needle.allSatisfy({ $0 < 0x80 }) else { return unicodeIndices(matching: query, among: candidates) }
        let folded = needle.map(Self.foldASCII)
        return bytes.withUnsafeBytes { raw -> [Int] in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return [] }
            let first = folded[0]
            let other = Self.otherCase(first)
            var result: [Int] = []
            func matches(_ field: Field) -> Bool {
                Self.contains(base + Int(field.start), count: Int(field.count), folded: folded, first: first, other: other)
            }
            func check(_ index: Int) {
                let row = rows[index]
                // The description first: the longest, it holds most matches, and one found there
                // spares the other two searches.
                if matches(row.description) || matches(row.title) || matches(row.author) { result.append(index) }
            }
            let all = candidates ?? Array(rows.indices)
            // A long list is searched in halves on two threads (the buffer is only read), each
            // half's matches kept in order: a keystroke at 100,000 articles stays near 5 ms.
            guard all.count >= Self.splitAt else {
                for index in all where rows.indices.contains(index) { check(index) }
                return result
            }
            let parts = 2
            var found = [[Int]](repeating: [], count: parts)
            let rowList = self.rows
            found.withUnsafeMutableBufferPointer { found in
                // Each thread writes its own slot and reads the buffer, which nothing writes meanwhile.
                let shared = SharedSearch(base: base, found: found)
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    let range = (all.count * part / parts)..<(all.count * (part + 1) / parts)
                    var own: [Int] = []
                    func matches(_ field: Field) -> Bool {
                        Self.contains(shared.base + Int(field.start), count: Int(field.count), folded: folded, first: first, other: other)
                    }
                    for index in all[range] where rowList.indices.contains(index) {
                        let row = rowList[index]
                        if matches(row.description) || matches(row.title) || matches(row.author) { own.append(index) }
                    }
                    shared.found[part] = own
                }
            }
            return found.flatMap { $0 }
        }
    }

    /// From how many articles a search is split over two threads.
    public static let splitAt = 20_000

    /// A–Z as a–z; every other byte as it is.
    @inline(__always)
    static func foldASCII(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    /// The upper-case form of a lower-case ASCII letter; nil for any other byte.
    static func otherCase(_ byte: UInt8) -> UInt8? {
        byte &- UInt8(ascii: "a") < 26 ? byte & ~0x20 : nil
    }

    /// Whether the `count` bytes at `start` contain `folded` (already folded), whatever the case.
    @inline(__always)
    private static func contains(
        _ start: UnsafePointer<UInt8>, count: Int, folded: [UInt8], first: UInt8, other: UInt8?
    ) -> Bool {
        let length = folded.count
        guard count >= length else { return false }
        // Where the first byte may start: the last `length - 1` bytes can't begin a match.
        let span = count - length + 1
        return folded.withUnsafeBufferPointer { needle in
            func matchesAt(_ position: UnsafePointer<UInt8>) -> Bool {
                var index = 1
                while index < length {
                    if foldASCII(position[index]) != needle[index] { return false }
                    index += 1
                }
                return true
            }
            func scan(for byte: UInt8) -> Bool {
                var from = start
                var left = span
                while left > 0, let found = memchr(from, Int32(byte), left) {
                    let position = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                    if matchesAt(position) { return true }
                    let advanced = position - from + 1
                    from = position + 1
                    left -= advanced
                }
                return false
            }
            if scan(for: first) { return true }
            if let other { return scan(for: other) }
            return false
        }
    }

    private func unicodeIndices(matching query: String, among candidates: [Int]?) -> [Int] {
        let lowered = query.lowercased()
        return (candidates ?? Array(rows.indices)).filter { index in
            guard rows.indices.contains(index) else { return false }
            let row = rows[index]
            return [row.title, row.author, row.description].contains { text($0).lowercased().contains(lowered) }
        }
    }
}

/// What the two halves of a search share: the list's buffer, only read, and a slot each for its
/// matches (Docs/performance.md, "Finding in the list").
private struct SharedSearch: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    let found: UnsafeMutableBufferPointer<[Int]>
}
