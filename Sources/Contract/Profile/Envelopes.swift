import Core
import FoundationEssentials

/// The success envelope of `GET /profiles/mine` and `POST /profiles/update`:
/// `{"message": "User Retrieved", "data": {"firstName", "userName", "lastName"}}`.
/// Extra keys are ignored; `data` and its three names are required, `message` is not (the app
/// shows its own words).
public struct ProfileEnvelope: Hashable, Sendable, Codable {
    public var message: String?
    public var data: UserProfile

    public init(message: String? = "User Retrieved", data: UserProfile) {
        self.message = message
        self.data = data
    }
}

/// The status envelope: every error, and the password change's success.
/// `{"data": {}, "code": "string", "message": "...", "exceptionName": null}`.
/// `code` and `message` are required; `exceptionName` may be null or absent; `data` is ignored
/// on reading and written as `{}`.
public struct StatusEnvelope: Hashable, Sendable, Codable {
    public var code: String
    public var message: String
    public var exceptionName: String?

    public init(code: String, message: String, exceptionName: String? = nil) {
        self.code = code
        self.message = message
        self.exceptionName = exceptionName
    }

    private enum CodingKeys: String, CodingKey { case data, code, message, exceptionName }
    private struct Empty: Codable {}

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        message = try container.decode(String.self, forKey: .message)
        exceptionName = try container.decodeIfPresent(String.self, forKey: .exceptionName)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Empty(), forKey: .data)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        // The contract writes `"exceptionName": null`, not a missing key.
        try container.encode(exceptionName, forKey: .exceptionName)
    }

    /// The envelope in an error's body, if the body is one.
    public init?(body: String) {
        guard let envelope = try? JSONDecoder().decode(StatusEnvelope.self, from: Data(body.utf8)) else {
            return nil
        }
        self = envelope
    }

    /// The envelope as the contract's JSON text.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding strings and an empty object cannot fail.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension APIError {
    /// The status envelope an HTTP error's body holds, if any.
    public var statusEnvelope: StatusEnvelope? {
        if case .http(_, let body) = self { return StatusEnvelope(body: body) }
        return nil
    }
}
