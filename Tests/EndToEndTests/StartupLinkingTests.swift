import Foundation
import Testing

/// What the dynamic loader maps before `main`: every library linked is loaded and relocated at
/// every start, before the first frame. libcrypto (4.7 MB, about 0.7 ms) and libcurl are loaded
/// on first use instead. See Docs/performance.md, "The first frame".
@Suite(.timeLimit(.minutes(10))) struct StartupLinkingTests {
    /// The NEEDED entries of an executable's dynamic section, from readelf.
    static func neededLibraries(_ path: String) throws -> [String] {
        let (status, output) = try Spawn.run(["/usr/bin/readelf", "--dynamic", path])
        #expect(status == 0)
        return output.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    @Test(arguments: ["challenge-tui", "challenge-server"])
    func neitherCryptoNorCurlIsLinked(product: String) throws {
        let needed = try Self.neededLibraries(BuiltProducts.path(product))
        #expect(needed.contains { $0.hasPrefix("libc.so") }, "readelf listed the libraries: \(needed)")
        #expect(!needed.contains { $0.hasPrefix("libcrypto") || $0.hasPrefix("libssl") || $0.hasPrefix("libcurl") }, "\(needed)")
    }
}
