import Foundation

/// The JSON bodies of the profile API, in the seed's shapes.
enum ProfileEnvelope {
    struct Profile: Codable, Equatable, Sendable {
        var firstName: String
        var userName: String
        var lastName: String
    }

    private struct Retrieved: Encodable {
        var message: String
        var data: Profile
    }

    /// `{"data":{},"code":…,"message":…,"exceptionName":…}`: every error, and the password
    /// change's success (with `exceptionName` null).
    private struct Status: Encodable {
        var code: String
        var message: String
        var exceptionName: String?

        enum CodingKeys: String, CodingKey { case data, code, message, exceptionName }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode([String: String](), forKey: .data)
            try container.encode(code, forKey: .code)
            try container.encode(message, forKey: .message)
            try container.encode(exceptionName, forKey: .exceptionName)  // null, never left out
        }
    }

    /// `{"message":"User Retrieved","data":{…}}`: the seed gives this same message for the GET and
    /// for the update.
    static func retrieved(_ profile: Profile) -> ServerResponse {
        .json(200, encode(Retrieved(message: "User Retrieved", data: profile)))
    }

    static let passwordChanged = ServerResponse.json(200, encode(Status(code: "string", message: "Password Changed", exceptionName: nil)))

    static func error(_ status: Int, code: String, message: String) -> ServerResponse {
        .json(status, encode(Status(code: code, message: message, exceptionName: exceptionName(status))))
    }

    private static func exceptionName(_ status: Int) -> String {
        switch status {
        case 400: "ValidationException"
        case 401: "UnauthorizedException"
        case 403: "ForbiddenException"
        case 415: "UnsupportedMediaTypeException"
        case 422: "UnprocessableEntityException"
        default: "InternalServerErrorException"
        }
    }

    private static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs can't fail; an empty object is the harmless fallback.
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}
