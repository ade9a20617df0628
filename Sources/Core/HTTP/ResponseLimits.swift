/// The most an HTTP answer's body may hold once decompressed, by the request's kind; past it the
/// transfer is aborted and fails with `APIError.responseTooLarge`. The app's configuration sets
/// them (`responseLimits`); see Docs/security.md.
public struct ResponseLimits: Hashable, Sendable {
    /// 1 MB = 1,048,576 bytes, as the limits are given and shown.
    public static let megabyte = 1 << 20
    /// 8 MB for API answers, 5 MB for images.
    public static let standard = ResponseLimits(api: 8 * megabyte, image: 5 * megabyte)

    /// Bytes of an API answer (navigation, articles, profile).
    public var api: Int
    /// Bytes of an image.
    public var image: Int

    public init(api: Int, image: Int) {
        self.api = api
        self.image = image
    }

    /// The limit for a request of `kind`.
    public func bytes(for kind: HTTPRequest.Kind) -> Int {
        switch kind {
        case .api: api
        case .image: image
        }
    }
}
