/// Maps method and path to a handler: unknown path → 404, known path with another method →
/// 405 with `Allow`. Handlers answer at once with the response and its delay; they never wait.
/// Exact paths come first; a family of paths (the placeholder pictures, whose path is their
/// description) is matched by a predicate after them.
struct Router: Sendable {
    typealias Handler = @Sendable (ServerRequest) -> DelayedResponse
    typealias PathPredicate = @Sendable (String) -> Bool

    private var routes: [String: [String: Handler]] = [:]
    private var families: [(matches: PathPredicate, method: String, handler: Handler)] = []

    mutating func add(_ method: String, _ path: String, _ handler: @escaping Handler) {
        routes[path, default: [:]][method] = handler
    }

    /// Routes every path `matches` accepts (and no exact path claims) to `handler`.
    mutating func add(_ method: String, pathsWhere matches: @escaping PathPredicate, _ handler: @escaping Handler) {
        families.append((matches, method, handler))
    }

    func respond(to request: ServerRequest) -> DelayedResponse {
        let methods = routes[request.path] ?? familyHandlers(for: request.path)
        guard !methods.isEmpty else {
            return DelayedResponse(.text(404, "Cannot \(request.method) \(request.path)"))
        }
        guard let handler = methods[request.method] else {
            var response = ServerResponse.text(405, "\(request.method) is not allowed on \(request.path)")
            response.headers.add("Allow", methods.keys.sorted().joined(separator: ", "))
            return DelayedResponse(response)
        }
        return handler(request)
    }

    private func familyHandlers(for path: String) -> [String: Handler] {
        var methods: [String: Handler] = [:]
        for family in families where family.matches(path) {
            methods[family.method] = methods[family.method] ?? family.handler
        }
        return methods
    }
}
