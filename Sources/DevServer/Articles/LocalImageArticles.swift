import Contract
import Core
import Foundation
import Imaging

/// An articles document whose dummyimage.com `image` URLs point at this server, at the base
/// each request reached it by (Docs/server.md, "Placeholder pictures"). Everything else is
/// served byte for byte as given: the document is cut once, at start, around those URLs, and
/// put together again per request.
struct LocalImageArticles: Sendable {
    /// The document between the rewritten URLs: `pieces.count == tails.count + 1`.
    private let pieces: [[UInt8]]
    /// Path and query of each rewritten URL (`/366x582.png/5fa2dd/ffffff`).
    private let tails: [String]

    /// nil when `json` has no dummyimage.com `image` URL (or is not JSON the scan can follow):
    /// then it is served as it is.
    init?(_ json: Data) {
        let bytes = [UInt8](json)
        var pieces: [[UInt8]] = []
        var tails: [String] = []
        var pieceStart = 0
        var lastString: String?
        var nextIsImage = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let end = Self.endOfString(in: bytes, from: index) else { return nil }
                let text = Self.decodeString(bytes[index...end])
                if nextIsImage, let text, let tail = DummyImage.localURL(for: text, base: "") {
                    pieces.append(Array(bytes[pieceStart..<index]))
                    tails.append(tail)
                    pieceStart = end + 1
                }
                lastString = nextIsImage ? nil : text
                nextIsImage = false
                index = end + 1
                continue
            case UInt8(ascii: ":"):
                nextIsImage = lastString == ArticlesEndpoint.Key.image
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                nextIsImage = false
                lastString = nil
            }
            index += 1
        }
        guard !tails.isEmpty else { return nil }
        pieces.append(Array(bytes[pieceStart...]))
        self.pieces = pieces
        self.tails = tails
    }

    /// The document with each rewritten URL on `base` (`http://127.0.0.1:3000`).
    func json(base: String) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.count } + tails.count * (base.utf8.count + 40))
        for (index, tail) in tails.enumerated() {
            out.append(contentsOf: pieces[index])
            SampleArticles.appendJSONString(base + tail, to: &out)
        }
        out.append(contentsOf: pieces[pieces.count - 1])
        return Data(out)
    }

    /// The index of the quote closing the string that opens at `start`.
    private static func endOfString(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index
            default: index += 1
            }
        }
        return nil
    }

    /// A string literal's text, escapes undone (`http:\/\/dummyimage.com` is common in
    /// captured payloads).
    private static func decodeString(_ literal: ArraySlice<UInt8>) -> String? {
        guard case .string(let text)? = try? JSONParser.parse(Array(literal)) else { return nil }
        return text
    }
}
