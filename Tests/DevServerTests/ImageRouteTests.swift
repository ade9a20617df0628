import Foundation
import Imaging
import Testing
@testable import DevServer

/// `GET /{W}x{H}.{ext}/{bg}/{fg}` over a real socket: what comes back decodes to the asked
/// picture (Docs/server.md, "Placeholder pictures").
@Suite(.timeLimit(.minutes(10))) struct ImageRouteTests {
    let blue = PixelColor(red: 0x5F, green: 0xA2, blue: 0xDD)

    func picture(_ response: RawResponse) throws -> Bitmap {
        try ImageDecoder.decode([UInt8](response.body))
    }

    /// Within `tolerance` per channel: JPEG is lossy.
    func close(_ a: PixelColor, _ b: PixelColor, tolerance: Int = 0) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance
    }

    @Test(arguments: [("png", "image/png", 0), ("jpg", "image/jpeg", 6), ("bmp", "image/bmp", 0)])
    func eachFormatDecodesToTheAskedPicture(ext: String, contentType: String, tolerance: Int) throws {
        let server = try TestServer()
        let response = try server.get("/120x80.\(ext)/5fa2dd/ffffff")
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == contentType)
        #expect(response.headers["content-length"] == String(response.body.count))
        let bitmap = try picture(response)
        #expect(bitmap.width == 120 && bitmap.height == 80)
        #expect(close(bitmap[0, 0], blue, tolerance: tolerance), "\(bitmap[0, 0])")
        #expect(close(bitmap[119, 79], blue, tolerance: tolerance))
        // The label is drawn across the middle row, in the text colour (JPEG blurs its
        // one-pixel strokes, so there it only has to stand out from the background).
        let middle = (0..<120).map { bitmap[$0, 40] }
        #expect(middle.contains { ext == "jpg" ? !close($0, blue, tolerance: 40) : $0 == .white })
        #expect(ImageFormat.sniff([UInt8](response.body)) == (ext == "jpg" ? .jpeg : ImageFormat(rawValue: ext)))
    }

    @Test func threeDigitColoursAreShortForSix() throws {
        let server = try TestServer()
        let short = try picture(server.get("/60x40.png/f00/00f"))
        let long = try picture(server.get("/60x40.png/ff0000/0000ff"))
        #expect(short[0, 0] == PixelColor(red: 255, green: 0, blue: 0))
        #expect(short == long)
        #expect((0..<60).contains { short[$0, 20] == PixelColor(red: 0, green: 0, blue: 255) })
    }

    @Test func leftOutPartsTakeDummyimageDefaults() throws {
        let server = try TestServer()
        let response = try server.get("/50x40")
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "image/png")
        let bitmap = try picture(response)
        #expect(bitmap.width == 50 && bitmap.height == 40)
        #expect(bitmap[0, 0] == DummyImageRequest.defaultBackground)
        #expect((0..<50).contains { bitmap[$0, 20] == DummyImageRequest.defaultForeground })
        let square = try picture(server.get("/30.bmp"))
        #expect(square.width == 30 && square.height == 30)
    }

    @Test(arguments: [
        ("/0x10.png", "Size 0x10 is out of range"),
        ("/12ax3.png", "Bad size '12ax3'"),
        ("/10x10.webp", "Bad format 'webp'"),
        ("/10x10.png/red", "Bad colour 'red'"),
        ("/10x10/a/b/c", "Bad placeholder path"),
    ])
    func badPathsGet400WithTheReason(path: String, reason: String) throws {
        let response = try TestServer().get(path)
        #expect(response.status == 400)
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(response.text.hasPrefix(reason), "\(response.text)")
    }

    @Test func tooLargeIsRefusedBeforeAnythingIsDrawn() throws {
        let server = try TestServer()
        let side = DummyImageRequest.sides.upperBound
        let wide = try server.get("/\(side + 1)x10.png")
        #expect(wide.status == 400)
        #expect(wide.text == DummyImageError.sizeOutOfRange(width: side + 1, height: 10).description)
        #expect(try server.get("/9999x1600.png").status == 400)
        // The server's own cap on pixels, at its edge (Docs/server.md, "Limits and deadlines").
        #expect(ImageRoutes.maxPixels == 1000 * 1000)
        let largest = try server.get("/1000x1000.png/000/fff")
        #expect(largest.status == 200)
        #expect(try ImageDecoder.decode([UInt8](largest.body)).width == 1000)
        let oneRowMore = try server.get("/1000x1001.png/000/fff")
        #expect(oneRowMore.status == 400)
        #expect(oneRowMore.text == "Size 1000x1001 is too large for this server: at most 1000000 pixels (1000x1000).")
        #expect(try server.get("/\(side)x\(side).bmp").status == 400)
    }

    @Test func otherPathsAndMethodsKeepTheirAnswers() throws {
        let server = try TestServer()
        #expect(try server.get("/nothing").status == 404)
        #expect(try server.get("/").status == 404)
        let post = try server.send(request("POST", "/10x10.png"))
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET")
        #expect(try server.get("/articles").status == 200)
    }

    /// The route sits behind the same checks as every other: a foreign Host on loopback is 421.
    @Test func foreignHostIsMisdirected() throws {
        let server = try TestServer()
        let response = try server.send(Data("GET /10x10.png HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n".utf8))
        #expect(response.status == 421)
    }

    /// The cache is keyed by the parsed request: spellings of one picture share an entry.
    @Test func spellingsOfOnePictureAreEncodedOnce() {
        let routes = ImageRoutes()
        for path in ["/300.png", "/300x300.PNG/ccc/000", "/300x300.png/cccccc/000000?text=x"] {
            #expect(routes.respond(to: ServerRequest(method: "GET", target: path)).response.status == 200)
        }
        #expect(routes.cache.usage.count == 1)
        #expect(routes.respond(to: ServerRequest(method: "GET", target: "/300.jpg")).response.contentType == "image/jpeg")
        #expect(routes.cache.usage.count == 2)
    }

    @Test func aRepeatedPictureIsTheSameBytes() throws {
        let server = try TestServer()
        let first = try server.get("/200x100.jpg/123/abc")
        let again = try server.get("/200x100.jpeg/112233/aabbcc")
        #expect(first.status == 200 && again.status == 200)
        #expect(first.body == again.body)
    }
}

/// Without libpng or libjpeg (the seam: `CodecAvailability.missing`) a placeholder is still
/// served, as a BMP with its own Content-Type, not a 500.
@Suite(.timeLimit(.minutes(10))) struct MissingCodecRouteTests {
    @Test func aPNGOrJPEGPlaceholderIsServedAsBMPWithoutItsLibrary() throws {
        try CodecAvailability.$missing.withValue([.png, .jpeg]) {
            let routes = ImageRoutes(cache: EncodedImageCache())
            for path in ["/30x20.png/09f/fff", "/30x20.jpg", "/30x20.gif"] {
                let response = routes.respond(to: ServerRequest(method: "GET", target: path)).response
                #expect(response.status == 200, "\(path)")
                let bytes = [UInt8](response.body)
                let format = try #require(ImageFormat.sniff(bytes))
                #expect(format == (path.contains(".gif") ? .gif : .bmp), "\(path)")
                #expect(response.contentType == format.contentType)
                let bitmap = try ImageDecoder.decode(bytes)
                #expect(bitmap.width == 30 && bitmap.height == 20)
            }
        }
    }
}
