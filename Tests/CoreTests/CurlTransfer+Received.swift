@testable import Core

extension CurlTransfer {
    var receivedHeaders: [String: String] { headers }

    /// Header bytes libcurl handed over for the last answer, the refused line included.
    var receivedHeaderBytes: Int { headerBytes }
}
