import Contract
import Foundation

extension DevToken {
    /// The dev token for `secret` (what `--print-token` prints).
    public static func token(secret: String) -> String {
        JWT.sign(payload: Data(payload.utf8), secret: secret)
    }
}
