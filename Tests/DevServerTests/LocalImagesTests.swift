import Contract
import Foundation
import Imaging
import Testing
@testable import DevServer

/// The articles' dummyimage.com pictures pointed at the server itself: always for the built-in
/// sample, for `--articles-file` only with `--local-images` (Docs/server.md, "Placeholder
/// pictures").
@Suite(.timeLimit(.minutes(10))) struct LocalImagesTests {
    /// The configuration the command line gives, on the test server's terms.
    func parsed(_ arguments: [String], files: [String: String] = [:]) throws -> DevServerConfiguration {
        let plan = ServerMain.plan(arguments: arguments, articlesJSON: SampleArticles.json()) { name in
            guard let text = files[name] else { throw ClientError(description: "no file \(name)") }
            return Data(text.utf8)
        }
        guard case .serve(let configuration) = plan else { throw ClientError(description: "\(arguments) did not serve: \(plan)") }
        return configuration
    }

    func startServer(serving configuration: DevServerConfiguration) throws -> TestServer {
        try TestServer {
            $0.articlesJSON = configuration.articlesJSON
            $0.localImages = configuration.localImages
        }
    }

    /// `GET /articles` with `Host` as given (nil: an HTTP/1.0 request without one).
    func articles(from server: TestServer, host: String?) throws -> RawResponse {
        let head = host.map { "GET /articles HTTP/1.1\r\nHost: \($0)\r\n" } ?? "GET /articles HTTP/1.0\r\n"
        return try server.send(Data((head + "Connection: close\r\n\r\n").utf8))
    }

    func images(_ response: RawResponse) throws -> [String] {
        let array = try #require(try JSONSerialization.jsonObject(with: response.body) as? [[String: Any]])
        return array.compactMap { $0["image"] as? String }
    }

    @Test func theBuiltInSamplesPicturesPointAtTheServer() throws {
        let configuration = try parsed([])
        #expect(configuration.localImages)
        let server = try startServer(serving: configuration)
        let base = "http://127.0.0.1:\(server.port)"
        let served = try images(articles(from: server, host: "127.0.0.1:\(server.port)"))
        let original = SampleArticles.articles().map(\.image)
        #expect(served.count == original.count)
        var local = 0
        for (before, after) in zip(original, served) {
            if let expected = DummyImage.localURL(for: before, base: base) {
                #expect(after == expected)
                local += 1
            } else {
                #expect(after == before, "other hosts are kept")
            }
        }
        #expect(local > 0 && local < original.count, "the sample has dummyimage.com and other hosts")

        // And what they point at is a picture of the size its URL asks for.
        let url = try #require(served.first { $0.hasPrefix(base) })
        let path = String(url.dropFirst(base.count))
        let response = try server.get(path)
        #expect(response.status == 200, "\(path): \(response.text.prefix(200))")
        let asked = try DummyImageRequest(path: path)
        let bitmap = try ImageDecoder.decode([UInt8](response.body))
        #expect(bitmap.width == asked.width && bitmap.height == asked.height)
        #expect(bitmap[0, 0] == asked.background || asked.format == .jpeg)
    }

    /// Every picture the built-in sample names on this server answers 200 with a picture of
    /// the size its URL asks for, in the format its extension names (GIF included), the
    /// Content-Type matching the bytes.
    @Test func everyPictureTheSampleNamesIsServed() throws {
        let server = try startServer(serving: parsed([]))
        let base = "http://127.0.0.1:\(server.port)"
        let local = try images(articles(from: server, host: "127.0.0.1:\(server.port)")).filter { $0.hasPrefix(base + "/") }
        #expect(local.count >= 40, "most of the sample's 60 pictures are placeholders")
        var formats: Set<ImageFormat> = []
        for url in local {
            let path = String(url.dropFirst(base.count))
            let response = try server.get(path)
            #expect(response.status == 200, "\(path): \(response.text.prefix(200))")
            let asked = try DummyImageRequest(path: path)
            let bytes = [UInt8](response.body)
            let format = try #require(ImageFormat.sniff(bytes), "\(path)")
            #expect(format == asked.format, "\(path)")
            #expect(response.headers["content-type"] == format.contentType, "\(path)")
            let bitmap = try ImageDecoder.decode(bytes)
            #expect(bitmap.width == asked.width && bitmap.height == asked.height, "\(path)")
            formats.insert(format)
        }
        #expect(formats == Set(ImageFormat.allCases), "the sample names every format")
    }

    @Test func theBaseIsTheHostTheClientUsedElseTheListenAddress() throws {
        let server = try startServer(serving: parsed([]))
        let named = try images(articles(from: server, host: "localhost:\(server.port)"))
        #expect(named.contains { $0.hasPrefix("http://localhost:\(server.port)/") })
        let bare = try images(articles(from: server, host: nil))
        #expect(bare.contains { $0.hasPrefix("http://127.0.0.1:\(server.port)/") })
        #expect(!bare.contains { $0.contains("dummyimage.com") })
    }

    static let capturedFile = #"""
    [{"id":1,"title":"t","description":"see http://dummyimage.com/1x1","author":"a","release_date":"6/25/2018","image":"http:\/\/dummyimage.com\/366x582.png\/5fa2dd\/ffffff"},
      {"id":2,"title":"t","description":"d","author":"a","release_date":"6/25/2018", "image" : "https://www.dummyimage.com/10x10.bmp?x=1"},
      {"id":3,"title":"t","description":"d","author":"a","release_date":"6/25/2018","image":"http://example.com/dummyimage.com/1x1.png"}]
    """#

    @Test func localImagesRewritesAnArticlesFilesPicturesOnly() throws {
        let configuration = try parsed(["--articles-file", "a.json", "--local-images"], files: ["a.json": Self.capturedFile])
        #expect(configuration.localImages)
        let server = try startServer(serving: configuration)
        let base = "http://127.0.0.1:\(server.port)"
        let body = try articles(from: server, host: "127.0.0.1:\(server.port)").text
        let expected = Self.capturedFile
            .replacingOccurrences(of: #""http:\/\/dummyimage.com\/366x582.png\/5fa2dd\/ffffff""#, with: "\"\(base)/366x582.png/5fa2dd/ffffff\"")
            .replacingOccurrences(of: "\"https://www.dummyimage.com/10x10.bmp?x=1\"", with: "\"\(base)/10x10.bmp?x=1\"")
        #expect(expected != Self.capturedFile)
        #expect(body == expected, "only the two dummyimage.com image URLs change, byte for byte")
    }

    @Test func withoutTheFlagAnArticlesFileIsServedUnchanged() throws {
        let configuration = try parsed(["--articles-file", "a.json"], files: ["a.json": Self.capturedFile])
        #expect(!configuration.localImages)
        let server = try startServer(serving: configuration)
        #expect(try articles(from: server, host: "127.0.0.1:\(server.port)").text == Self.capturedFile)
    }

    @Test func aDocumentWithoutDummyimagePicturesNeedsNoRewriting() {
        #expect(LocalImageArticles(Data(#"[{"image":"http://example.com/a.png","title":"http://dummyimage.com/1"}]"#.utf8)) == nil)
        #expect(LocalImageArticles(Data(#"[{"image":"http://dummyimage.com/1"#.utf8)) == nil, "cut short")
        let rewritten = LocalImageArticles(Data(#"{"image":"http://dummyimage.com/1","x":["image","http://dummyimage.com/2"]}"#.utf8))
        #expect(rewritten?.json(base: "http://h:1") == Data(#"{"image":"http://h:1/1","x":["image","http://dummyimage.com/2"]}"#.utf8))
    }

    @Test func aHostFieldThatIsNotAPlainAuthorityIsPassedOver() {
        let baseURL = ServerBaseURL(host: "0.0.0.0", port: 0)
        baseURL.started(on: 4000)
        func base(_ host: String?) -> String {
            baseURL.base(for: ServerRequest(method: "GET", target: "/articles", headers: HTTPHeaders(host.map { [("Host", $0)] } ?? [])))
        }
        #expect(base("example.com:80") == "http://example.com:80")
        #expect(base("[::1]:4000") == "http://[::1]:4000")
        #expect(base(nil) == "http://127.0.0.1:4000")
        for hostile in ["", "a/b", "a\"b", "evil.com/@x", "x y", String(repeating: "a", count: 256)] {
            #expect(base(hostile) == "http://127.0.0.1:4000", "\(hostile)")
        }
    }
}
