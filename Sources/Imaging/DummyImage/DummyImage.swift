/// Draws and encodes placeholder pictures like dummyimage.com's.
public enum DummyImage {
    /// The picture: the background colour with the label centred in the text colour, in the
    /// built-in `PixelFont`, scaled so the label spans about 60% of the width (and at most 35%
    /// of the height), as dummyimage.com sizes its text. A picture too small for the label at
    /// the smallest scale is left plain: a few clipped glyph pixels would only be noise.
    public static func render(_ request: DummyImageRequest) -> Bitmap {
        var bitmap = Bitmap(width: request.width, height: request.height, color: request.background)
        let label = request.label
        let unit = PixelFont.size(of: label, scale: 1)
        guard unit.width <= request.width, unit.height <= request.height else { return bitmap }
        let scale = max(1, min(request.width * 6 / 10 / unit.width, request.height * 35 / 100 / unit.height))
        let size = PixelFont.size(of: label, scale: scale)
        PixelFont.draw(
            label, at: (request.width - size.width) / 2, (request.height - size.height) / 2,
            scale: scale, color: request.foreground, on: &bitmap)
        return bitmap
    }

    /// The encoded picture and its media type, ready to serve.
    public static func encoded(_ request: DummyImageRequest) throws(ImageError) -> (bytes: [UInt8], contentType: String) {
        (try ImageEncoder.encode(render(request), as: request.format), request.contentType)
    }

    /// `url` pointed at `base` when it is a dummyimage.com picture, the path and query kept:
    /// `http://dummyimage.com/366x582.png/5fa2dd/ffffff` with base `http://127.0.0.1:3000`
    /// becomes `http://127.0.0.1:3000/366x582.png/5fa2dd/ffffff`. nil for any other URL.
    public static func localURL(for url: String, base: String) -> String? {
        let lower = url.lowercased()
        guard let scheme = ["http://", "https://"].first(where: { lower.hasPrefix($0) }) else { return nil }
        let rest = url.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        // The host is what follows any user info and precedes any port.
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        let host = hostAndPort.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? hostAndPort
        guard ["dummyimage.com", "www.dummyimage.com"].contains(host.lowercased()) else { return nil }
        var tail = String(rest[authorityEnd...])
        if let fragment = tail.firstIndex(of: "#") { tail = String(tail[..<fragment]) }
        if !tail.hasPrefix("/") { tail = "/" + tail }
        var base = Substring(base)
        while base.hasSuffix("/") { base = base.dropLast() }
        return base + tail
    }
}
