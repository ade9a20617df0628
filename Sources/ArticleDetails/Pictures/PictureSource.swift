import Core
import FoundationEssentials

/// Where header images' bytes come from: the HTTP client, or the mock backend's generator.
public protocol PictureSource: Sendable {
    func fetch(_ url: String, attempt: Int) async throws(APIError) -> Data
}

/// Images over HTTP with the app's client (libcurl), as images: the client caps the answer at
/// `ResponseLimits.image` (5 MB) once decompressed and refuses more.
public struct HTTPPictureSource: PictureSource {
    private let client: any HTTPClient

    public init(client: any HTTPClient) {
        self.client = client
    }

    public func fetch(_ url: String, attempt: Int) async throws(APIError) -> Data {
        guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
            throw .undecodable("not an http(s) image URL")
        }
        let request = HTTPRequest(method: .get, url: parsed, headers: ["Accept": "image/*"], attempt: attempt, kind: .image)
        return try await client.send(request).body
    }
}
