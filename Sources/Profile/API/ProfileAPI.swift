import Contract
import Core

/// The profile backend, whatever answers it (the in-memory mock or the HTTP server).
/// Every failure is an `APIError`; a refusal's body is the contract's `StatusEnvelope`.
public protocol ProfileAPI: Sendable {
    /// `GET /profiles/mine`.
    func fetchProfile() async throws(APIError) -> UserProfile
    /// `POST /profiles/update`; answers the profile as saved.
    func updateProfile(firstName: String, lastName: String) async throws(APIError) -> UserProfile
    /// `POST /password/change`.
    func changePassword(current: Secret, new: Secret, confirmation: Secret) async throws(APIError)
}
