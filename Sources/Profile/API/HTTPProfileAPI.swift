import Contract
import Core
import FoundationEssentials

/// The profile backend over HTTP (the contract in DESIGN.md), through an injected `HTTPClient`.
public struct HTTPProfileAPI: ProfileAPI {
    // A constant that parses; not external data.
    public static let defaultBaseURL = URL(string: "http://127.0.0.1:3000")!

    public let client: any HTTPClient
    public let baseURL: URL
    private let token: Secret?

    /// `token` is the JWT (see `BearerToken.pick`); without one no `Authorization` is sent.
    public init(client: any HTTPClient, baseURL: URL = HTTPProfileAPI.defaultBaseURL, token: Secret?) {
        self.client = client
        self.baseURL = baseURL
        self.token = token
    }

    public func fetchProfile() async throws(APIError) -> UserProfile {
        let response = try await client.send(request(.get, "profiles/mine"))
        return try decode(ProfileEnvelope.self, response).data
    }

    public func updateProfile(firstName: String, lastName: String) async throws(APIError) -> UserProfile {
        struct Body: Encodable { let firstName: String, lastName: String }
        let body = try encode(Body(firstName: firstName, lastName: lastName))
        let response = try await client.send(request(.post, "profiles/update", body: body))
        return try decode(ProfileEnvelope.self, response).data
    }

    public func changePassword(current: Secret, new: Secret, confirmation: Secret) async throws(APIError) {
        struct Body: Encodable { let currentPassword: String, newPassword: String, passwordConfirmation: String }
        let body = try encode(Body(
            currentPassword: current.revealed, newPassword: new.revealed, passwordConfirmation: confirmation.revealed))
        // Sensitive: the body (three passwords) is never recorded by the inspector or the log.
        let response = try await client.send(request(.post, "password/change", body: body, isSensitive: true))
        _ = try decode(StatusEnvelope.self, response)
    }

    func request(_ method: HTTPRequest.Method, _ path: String, body: Data? = nil, isSensitive: Bool = false) -> HTTPRequest {
        var headers = ["Content-Type": "application/json", "Accept": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token.revealed)" }
        return HTTPRequest(
            method: method, url: baseURL.appending(path: path), headers: headers, body: body, isSensitive: isSensitive)
    }

    private func encode(_ body: some Encodable) throws(APIError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do { return try encoder.encode(body) } catch { throw .undecodable("the request could not be encoded") }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ response: HTTPResponse) throws(APIError) -> T {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw .undecodable(Self.describe(error))
        }
    }

    /// A short reason for the inspector (no body text: it may hold personal data).
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "the key \"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\"\(context.codingPath.map(\.stringValue).joined(separator: "."))\" has the wrong type"
        default: "the response is not valid JSON"
        }
    }
}
