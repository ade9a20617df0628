import Foundation
import Testing
@testable import DevServer

@Suite(.timeLimit(.minutes(10))) struct RequestParserTests {
    let limits = HTTPLimits()

    func parse(_ text: String) -> RequestParser.Result {
        RequestParser.parse(Array(text.utf8), limits: limits)
    }

    func failure(_ text: String) -> Int? {
        if case .failure(let failure) = parse(text) { return failure.status }
        return nil
    }

    @Test func parsesRequestLineHeadersAndContentLength() throws {
        let text = "POST /profiles/update?x=1 HTTP/1.1\r\nHost: a\r\ncontent-length: 5\r\nX-Empty:\r\n\r\nhello"
        guard case .head(let head, let length) = parse(text) else { Issue.record("not parsed"); return }
        #expect(head.method == "POST")
        #expect(head.target == "/profiles/update?x=1")
        #expect(head.version == .http11)
        #expect(head.contentLength == 5)
        #expect(head.headers["CONTENT-LENGTH"] == "5")
        #expect(head.headers["x-empty"] == "")
        #expect(length == text.utf8.count - 5)
    }

    @Test func waitsForTheBlankLine() {
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\n") == .incomplete)
        #expect(parse("") == .incomplete)
    }

    @Test func skipsStrayLineBreaksBeforeTheRequestLine() {
        guard case .head(let head, _) = parse("\r\n\r\nGET /a HTTP/1.0\r\n\r\n") else { Issue.record("not parsed"); return }
        #expect(head.target == "/a")
        #expect(head.version == .http10)
    }

    @Test func malformedRequestLinesAre400() {
        #expect(failure("GARBAGE\r\n\r\n") == 400)
        #expect(failure("GET /\r\n\r\n") == 400)
        #expect(failure("GET  / HTTP/1.1\r\n\r\n") == 400)
        #expect(failure("G(T / HTTP/1.1\r\n\r\n") == 400)
        #expect(failure("GET noslash HTTP/1.1\r\n\r\n") == 400)
        #expect(failure("GET / FTP/1.1\r\n\r\n") == 400)
        #expect(failure("\u{01}\u{02}\u{03} \u{ff} x\r\n\r\n") == 400)
    }

    @Test func otherHTTPVersionsAre505() {
        #expect(failure("GET / HTTP/2.0\r\n\r\n") == 505)
    }

    @Test func malformedHeaderFieldsAre400() {
        #expect(failure("GET / HTTP/1.1\r\nno colon here\r\n\r\n") == 400)
        #expect(failure("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n") == 400)
        #expect(failure("GET / HTTP/1.1\r\n: empty name\r\n\r\n") == 400)
        #expect(failure("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n") == 400)
        #expect(failure("GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n") == 400)
    }

    @Test func contentLengthMustBeOneNonNegativeNumber() {
        #expect(failure("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(failure("POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n") == 400)
        #expect(failure("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n") == 400)
        #expect(failure("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n") == 400)
        guard case .head(let head, _) = parse("POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n") else {
            Issue.record("identical repeated lengths are one length"); return
        }
        #expect(head.contentLength == 3)
    }

    @Test func chunkedBodiesAreRefusedWith411() {
        #expect(failure("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == 411)
        #expect(failure("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n") == 400)
    }

    @Test func headersOver16KiBAre431WithOrWithoutTheBlankLine() {
        let big = String(repeating: "a", count: 17 * 1024)
        #expect(failure("GET / HTTP/1.1\r\nX: \(big)") == 431)
        #expect(failure("GET / HTTP/1.1\r\nX: \(big)\r\n\r\n") == 431)
    }

    @Test func bodiesOver1MiBAre413() {
        #expect(failure("POST / HTTP/1.1\r\nContent-Length: \(1024 * 1024 + 1)\r\n\r\n") == 413)
        guard case .head = parse("POST / HTTP/1.1\r\nContent-Length: \(1024 * 1024)\r\n\r\n") else {
            Issue.record("exactly 1 MiB is allowed"); return
        }
    }

    @Test func headerValuesThatAreNotUTF8NeverFail() {
        var bytes = Array("GET / HTTP/1.1\r\nX: ".utf8)
        bytes += [0xC3, 0x28, 0xFF]
        bytes += Array("\r\n\r\n".utf8)
        guard case .head(let head, _) = RequestParser.parse(bytes, limits: limits) else { Issue.record("not parsed"); return }
        #expect(head.headers["x"]?.unicodeScalars.count == 3)
    }

    @Test func requestSplitsPathAndDecodesQueryItems() {
        let request = ServerRequest(method: "GET", target: "/rSubmitSelection?sessionId=a%20b&screen=screenB1&selection=Choice+A&flag")
        #expect(request.path == "/rSubmitSelection")
        #expect(request.query("sessionId") == "a b")
        #expect(request.query("selection") == "Choice A")
        #expect(request.query("flag") == "")
        #expect(request.query("missing") == nil)
    }

    @Test func keepAliveFollowsVersionAndConnectionHeader() {
        #expect(ServerRequest(method: "GET", target: "/").wantsKeepAlive)
        #expect(!ServerRequest(method: "GET", target: "/", headers: HTTPHeaders([("Connection", "Close")])).wantsKeepAlive)
        #expect(!ServerRequest(method: "GET", target: "/", version: .http10).wantsKeepAlive)
        #expect(ServerRequest(method: "GET", target: "/", version: .http10, headers: HTTPHeaders([("connection", "keep-alive")])).wantsKeepAlive)
    }

    @Test func responsesCarryLengthTypeAndConnection() {
        let bytes = ServerResponse.text(404, "nope").serialized(keepAlive: false)
        #expect(String(decoding: bytes, as: UTF8.self) == "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 4\r\nConnection: close\r\n\r\nnope")
        #expect(HTTPStatus.reason(299) == "Status 299")
        for status in [200, 400, 401, 403, 404, 405, 408, 411, 413, 415, 422, 431, 500, 503, 505] {
            #expect(!HTTPStatus.reason(status).hasPrefix("Status"))
        }
    }
}
