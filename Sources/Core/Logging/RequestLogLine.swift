/// The log's line for one request that ended, the same for the HTTP client and the mock backend
/// (Docs/configuration.md, "Logging"): `GET /rLogin -> 500 in 812 ms (attempt 2)`, or the
/// failure in words when no status came (`-> Couldn't reach the server: the connection was refused (is it
/// running?)`). The path is logged as sent; the logger redacts its query values.
public enum RequestLogLine {
    /// The line, and whether it reports a failure (logged as a warning).
    public static func text(method: String, path: String, outcome: Result<Int, APIError>, duration: Duration, attempt: Int) -> String {
        let result: String = switch outcome {
        case .success(let status): "\(status)"
        case .failure(let error): error.status.map(String.init) ?? error.message
        }
        return "\(method) \(path) -> \(result) in \(duration.inMilliseconds) ms (attempt \(attempt))"
    }
}
