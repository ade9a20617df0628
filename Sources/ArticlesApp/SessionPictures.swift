import AppShell
import ArticleDetails
import Core
import FoundationEssentials
import Imaging
import TUI

/// A picture in a recording: the bitmap the app kept (at most `Picture.keptBox`), as runs of one
/// colour when that is shorter (dummyimage's pictures are a few runs a row), else base64 RGBA.
package enum SessionPictures {
    package static func json(_ bitmap: Bitmap) -> JSONValue {
        var runs: [String] = []
        var index = 0
        let pixels = bitmap.pixels
        while index < pixels.count {
            var end = index + 4
            while end < pixels.count, pixels[end..<end + 4].elementsEqual(pixels[index..<index + 4]) { end += 4 }
            let count = (end - index) / 4
            let colour = pixels[index..<index + 4].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
            runs.append(count == 1 ? colour : "\(count)*\(colour)")
            index = end
        }
        let encoded = runs.joined(separator: ",")
        let base64 = Data(pixels).base64EncodedString()
        var object: [String: JSONValue] = ["width": .int(bitmap.width), "height": .int(bitmap.height)]
        if encoded.utf8.count <= base64.utf8.count {
            object["runs"] = .string(encoded)
        } else {
            object["rgba"] = .string(base64)
        }
        return .object(object)
    }

    package static func bitmap(_ reader: JSONReader) throws(ConfigurationError) -> Bitmap {
        let object = try SessionObject(reader, known: ["width", "height", "runs", "rgba"])
        let width = try object("width").int(in: 0...Picture.keptBox.width)
        let height = try object("height").int(in: 0...Picture.keptBox.height)
        let expected = width * height * 4
        var pixels: [UInt8] = []
        if let rgba = object.optional("rgba") {
            guard let data = Data(base64Encoded: try rgba.string(atMost: expected * 2 + 8)) else { throw rgba.error("not base64") }
            pixels = Array(data)
        } else {
            let runs = try object("runs")
            pixels.reserveCapacity(expected)
            for run in try runs.string(atMost: expected * 6 + 16).split(separator: ",") {
                let parts = run.split(separator: "*")
                let count = parts.count == 2 ? Int(parts[0]) : 1
                guard let count, count >= 1, count <= expected / 4, pixels.count + count * 4 <= expected,
                      let colour = parts.last, colour.utf8.count == 8, colour.allSatisfy(\.isHexDigit), let value = UInt32(colour, radix: 16)
                else { throw runs.error("expected runs such as 12*1e1e1eff, got \(String(run).quoted())") }
                let bytes = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
                for _ in 0..<count { pixels += bytes }
            }
        }
        guard pixels.count == expected else {
            throw reader.error("\(pixels.count / 4) pixels for a picture of \(width) × \(height)")
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
