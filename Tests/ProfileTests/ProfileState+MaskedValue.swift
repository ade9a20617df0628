import Contract
@testable import Profile

extension ProfileState {
    /// The masked value of a password field (empty for the name fields, which are not secret).
    func maskedValue(of field: ProfileField) -> String {
        field.isSecret ? secret(field).masked : ""
    }
}
