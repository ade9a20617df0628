@testable import TUI

extension ColorPairTable {
    /// How many cells on screen use `pair`.
    func userCount(of pair: Int32) -> Int {
        Int(pair) > 0 && Int(pair) < users.count ? users[Int(pair)] : 0
    }
}
