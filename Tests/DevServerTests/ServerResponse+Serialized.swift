import Foundation
@testable import DevServer

extension ServerResponse {
    /// The bytes on the wire, in one piece.
    func serialized(keepAlive: Bool) -> Data {
        var bytes: [UInt8] = []
        write(into: &bytes, keepAlive: keepAlive)
        return Data(bytes)
    }
}
