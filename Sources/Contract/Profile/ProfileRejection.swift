import Core

/// A refusal as the server sends it: a status and the contract's error envelope.
public struct ProfileRejection: Error, Hashable, Sendable {
    public var status: Int
    public var envelope: StatusEnvelope
    /// Seconds for a `Retry-After` header (a 429), `nil` for none.
    public var retryAfter: Int?

    public init(status: Int, code: String, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.retryAfter = retryAfter
        self.envelope = StatusEnvelope(code: code, message: message, exceptionName: Self.exceptionName(status))
    }

    /// What an HTTP client reports for it.
    public var apiError: APIError { .http(status: status, body: envelope.json) }

    private static func exceptionName(_ status: Int) -> String {
        switch status {
        case 400: "BadRequestException"
        case 401: "UnauthorizedException"
        case 403: "ForbiddenException"
        case 404: "NotFoundException"
        case 415: "UnsupportedMediaTypeException"
        case 422: "UnprocessableEntityException"
        case 429: "TooManyRequestsException"
        case 500...599: "InternalServerErrorException"
        default: "HttpException"
        }
    }
}
