import Foundation
import Imaging

/// `GET /{W}x{H}.{png|jpg|bmp|gif}/{bg}/{fg}`: dummyimage.com's placeholder pictures, so the
/// articles' images load from this server (Docs/server.md, "Placeholder pictures"). Every path
/// that starts with a digit is a picture's description; one `DummyImageRequest` refuses, or
/// larger than `maxPixels`, gets 400 with its reason. Encoded pictures are kept in a small cache.
final class ImageRoutes: Sendable {
    /// Encoding runs on the event loop and holds up its other connections meanwhile: 4 MP (the
    /// 2000 × 2000 `DummyImageRequest` allows) took 140 ms as PNG, 1 MP takes 25–38 ms
    /// (Docs/server.md, "Placeholder pictures"). The articles' pictures stay under 1 MP.
    static let maxPixels = 1_000_000

    let cache: EncodedImageCache

    init(cache: EncodedImageCache = EncodedImageCache()) {
        self.cache = cache
    }

    func install(in router: inout Router) {
        router.add("GET", pathsWhere: Self.isPicturePath) { [self] request in respond(to: request) }
    }

    /// `/300x200.png`, `/300`: a digit after the slash. No other route's path starts so, and
    /// any other path stays a 404.
    static func isPicturePath(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "/") else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[bytes.index(after: bytes.startIndex)])
    }

    static func tooLarge(_ picture: DummyImageRequest) -> String {
        "Size \(picture.width)x\(picture.height) is too large for this server: at most \(maxPixels) pixels (1000x1000)."
    }

    func respond(to request: ServerRequest) -> DelayedResponse {
        let picture: DummyImageRequest
        do {
            picture = try DummyImageRequest(path: request.path)
        } catch {
            return DelayedResponse(.text(400, error.description))
        }
        guard picture.width * picture.height <= Self.maxPixels else {
            return DelayedResponse(.text(400, Self.tooLarge(picture)))
        }
        do throws(ImageError) {
            let entry = try cache.picture(for: picture) { () throws(ImageError) in
                do throws(ImageError) {
                    let encoded = try DummyImage.encoded(picture)
                    return EncodedImageCache.Entry(body: Data(encoded.bytes), contentType: encoded.contentType)
                } catch {
                    guard case .libraryUnavailable = error else { throw error }
                    // Without libpng or libjpeg the picture is still served, as a BMP (written
                    // in Swift) with its own Content-Type, as dummyimage.com answers `.bmp` URLs
                    // with PNG data (Docs/server.md, "Placeholder pictures").
                    let bitmap = DummyImage.render(picture).flattened(onto: .white)
                    return EncodedImageCache.Entry(body: Data(try ImageEncoder.bmp(bitmap)), contentType: ImageFormat.bmp.contentType)
                }
            }
            return DelayedResponse(ServerResponse(status: 200, contentType: entry.contentType, body: entry.body))
        } catch {
            // Only an encoder's refusal gets here (Docs/images.md).
            return DelayedResponse(.text(500, error.description))
        }
    }
}
