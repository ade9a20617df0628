import Contract
@testable import Profile

extension MockProfileAPI {
    /// Whether `password` is the stored one (the mock never hands the password out, so tests ask).
    func isCurrentPassword(_ password: Secret) -> Bool { stored.withLock { ProfileRules.isSamePassword($0.password, password) } }
}
