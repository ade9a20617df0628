import Core
import FoundationEssentials
import Imaging

/// The mock backend's images: real picture bytes made in process, after the delay and with the
/// outcome the `images` endpoint plans (scenario, fault panel). A dummyimage.com URL is drawn as
/// dummyimage.com would (`DummyImage`) in the format its extension names; any other URL gets a
/// landscape generated from the URL (`GeneratedLandscape`), the same on every run. A
/// "malformed" failure answers bytes that are no picture.
public struct MockPictureSource: PictureSource {
    private let endpoint: MockEndpoint
    private let clock: any Clock<Duration>
    private let monitor: NetworkMonitor?

    public init(endpoint: MockEndpoint, clock: any Clock<Duration>, monitor: NetworkMonitor? = nil) {
        self.endpoint = endpoint
        self.clock = clock
        self.monitor = monitor
    }

    /// What a `.malformed` plan answers: an HTML error page where a picture was expected.
    public static let malformedBody = Data("<html><body>Image not available</body></html>\n".utf8)

    public func fetch(_ url: String, attempt: Int) async throws(APIError) -> Data {
        let path = URLComponents(string: url)?.path ?? url
        let token = monitor?.begin(method: "GET", path: path, attempt: attempt, transport: .simulated, headers: ["Accept": "image/*"])
        let result: Result<Data, APIError>
        do {
            switch try await endpoint.play(on: clock) {
            case .success: result = Self.picture(for: url)
            case .failure(.malformed): result = .success(Self.malformedBody)
            case .failure(let failure): result = .failure(failure.apiError)
            }
        } catch {
            result = .failure(error)
        }
        if let token {
            switch result {
            case .success: monitor?.end(token, .response(status: 200))
            case .failure(let error): monitor?.end(token, .failure(error))
            }
        }
        return try result.get()
    }

    /// `bitmap` in `format`, or as BMP (written in Swift) when that format's library is not
    /// installed: the mock's pictures show on any machine; the decoder reads the format from the
    /// bytes (Docs/images.md, "The mock backend's pictures").
    static func encoded(_ bitmap: Bitmap, as format: ImageFormat) throws(ImageError) -> [UInt8] {
        do {
            return try ImageEncoder.encode(bitmap, as: format)
        } catch .libraryUnavailable {
            return try ImageEncoder.bmp(bitmap.flattened(onto: .white))
        }
    }

    /// The bytes the mock serves for `url`; a dummyimage URL it can't read is a 400, as the dev
    /// server answers.
    public static func picture(for url: String) -> Result<Data, APIError> {
        let components = URLComponents(string: url)
        let host = components?.host?.lowercased() ?? ""
        do {
            if host == "dummyimage.com" || host == "www.dummyimage.com" {
                let request: DummyImageRequest
                do {
                    request = try DummyImageRequest(path: components?.path ?? "")
                } catch {
                    return .failure(.http(status: 400, body: error.description))
                }
                return .success(Data(try encoded(DummyImage.render(request), as: request.format)))
            }
            let format: ImageFormat = url.lowercased().hasSuffix(".jpg") || url.lowercased().hasSuffix(".jpeg") ? .jpeg : .png
            return .success(Data(try encoded(GeneratedLandscape.render(seed: url), as: format)))
        } catch {
            return .failure(.http(status: 500, body: error.description))
        }
    }
}
