import Foundation

/// One parsed HTTP request as the routes see it. Named `ServerRequest` so it never collides with
/// Core's client-side `HTTPRequest`.
public struct ServerRequest: Sendable, Equatable {
    public var method: String
    /// The request target as sent (path and query).
    public var target: String
    /// The path without the query string; this is what gets routed and logged.
    public var path: String
    public var queryItems: [QueryItem]
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: Data

    public init(method: String, target: String, version: HTTPVersion = .http11, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.method = method
        self.target = target
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = String(parts.first ?? "")
        self.queryItems = parts.count > 1 ? QueryItem.parse(String(parts[1])) : []
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// HTTP/1.1 keeps the connection open unless the client says `close`; HTTP/1.0 closes
    /// unless it says `keep-alive`.
    public var wantsKeepAlive: Bool {
        Self.keepAlive(version: version, connection: headers["Connection"])
    }

    /// The rule of `wantsKeepAlive`, for the first `Connection` field's value.
    static func keepAlive(version: HTTPVersion, connection: String?) -> Bool {
        let tokens = (connection ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        switch version {
        case .http11: return !tokens.contains("close")
        case .http10: return tokens.contains("keep-alive")
        }
    }

    public func query(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }
}

public enum HTTPVersion: String, Sendable, Equatable {
    case http10 = "HTTP/1.0"
    case http11 = "HTTP/1.1"
}

public struct QueryItem: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `a=1&b=x+y&c` → (a,1) (b,"x y") (c,""). Undecodable escapes are kept as sent.
    static func parse(_ query: String) -> [QueryItem] {
        query.split(separator: "&").map { pair in
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ s: Substring) -> String {
                let spaced = s.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return QueryItem(name: decode(kv[0]), value: kv.count > 1 ? decode(kv[1]) : "")
        }
    }
}

/// Header fields in the order received; names compare case-insensitively.
public struct HTTPHeaders: Sendable, Equatable {
    public private(set) var fields: [(name: String, value: String)] = []

    public init(_ fields: [(String, String)] = []) {
        for (name, value) in fields { add(name, value) }
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// The first value of `name`.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Field names compare ASCII case-insensitively (they are tokens: ASCII only).
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8) { ByteText.lowered($0) == ByteText.lowered($1) }
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
