/// Maps method and path to a handler: unknown path → 404, known path with another method →
/// 405 with `Allow`. Handlers answer at once with the response and its delay; they never wait.
struct Router: Sendable {
    typealias Handler = @Sendable (ServerRequest) -> DelayedResponse

    private var routes: [String: [String: Handler]] = [:]

    mutating func add(_ method: String, _ path: String, _ handler: @escaping Handler) {
        routes[path, default: [:]][method] = handler
    }

    func respond(to request: ServerRequest) -> DelayedResponse {
        guard let methods = routes[request.path] else {
            return DelayedResponse(.text(404, "Cannot \(request.method) \(request.path)"))
        }
        guard let handler = methods[request.method] else {
            var response = ServerResponse.text(405, "\(request.method) is not allowed on \(request.path)")
            response.headers.add("Allow", methods.keys.sorted().joined(separator: ", "))
            return DelayedResponse(response)
        }
        return handler(request)
    }
}
