import Foundation

/// A real HTTP server for the client's tests: python3's ThreadingHTTPServer on an ephemeral
/// port (it binds port 0 and prints the port it got). Paths: `/status/N` answers N with body
/// `status N`; `/slow?seconds=S` answers 200 after S seconds; `/echo` answers 200 with the
/// request (method, path, headers, body) as JSON; `/redirect?to=P&code=C` answers C (302 unless
/// given) to P; `/loop` redirects to itself; `/big?bytes=N` answers N bytes (`/chunked?bytes=N`
/// the same without a length, in chunks); `/bomb?bytes=N`
/// answers N zero bytes gzip-compressed (a few KB on the wire); `/headers?count=N` answers with
/// N extra header lines; `/short` promises 100,000 bytes, sends 9 and closes; `/nothing` closes
/// without answering; `/banner` answers with an SSH banner instead of HTTP.
///
/// One server serves every test (`shared`): python takes about half a second to start on a
/// busy machine. It exits when the test process ends, however it ends: it watches its stdin,
/// a pipe only this process holds open.
final class LocalHTTPServer: Sendable {
    static let shared = Result { try LocalHTTPServer() }
    private static let script = #"""
import gzip, http.server, json, os, sys, threading, time, urllib.parse

bombs = {}

class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def handle_any(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if url.path.startswith("/status/"):
            code = int(url.path.split("/")[2])
            self.reply(code, b"status %d" % code)
        elif url.path == "/slow":
            time.sleep(float(query.get("seconds", ["1"])[0]))
            self.reply(200, b"slow")
        elif url.path == "/redirect":
            self.send_response(int(query.get("code", ["302"])[0]))
            self.send_header("Location", query["to"][0])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif url.path == "/loop":
            self.send_response(302)
            self.send_header("Location", "/loop")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif url.path == "/big":
            self.reply(200, b"x" * int(query["bytes"][0]))
        elif url.path == "/chunked":
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            data = b"y" * int(query["bytes"][0])
            for start in range(0, len(data), 1000):
                piece = data[start:start + 1000]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            self.wfile.write(b"0\r\n\r\n")
        elif url.path == "/bomb":
            size = int(query["bytes"][0])
            if size not in bombs:
                bombs[size] = gzip.compress(bytes(size), 9)
            self.reply(200, bombs[size], encoding="gzip")
        elif url.path == "/headers":
            self.send_response(200)
            for index in range(int(query["count"][0])):
                self.send_header("X-Filler-%d" % index, "y" * 100)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")
        elif url.path == "/short":
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n123456789")
            self.wfile.flush()
            self.close_connection = True
        elif url.path == "/nothing":
            self.close_connection = True
        elif url.path == "/banner":
            self.wfile.write(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")
            self.wfile.flush()
            self.close_connection = True
        elif url.path == "/echo":
            echo = {"method": self.command, "path": self.path,
                    "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body.decode()}
            self.reply(200, json.dumps(echo).encode(), "application/json")
        else:
            self.reply(404, b"not found")
    def reply(self, code, data, kind="text/plain", encoding=None):
        try:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass
    do_GET = do_POST = handle_any

class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    # Clients that give up (timeout and cancellation tests) are expected: no tracebacks.
    def handle_error(self, request, client_address): pass

def watch_stdin():
    sys.stdin.read()
    os._exit(0)

server = Server(("127.0.0.1", 0), Handler)
threading.Thread(target=watch_stdin, daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
"""#

    let port: Int
    // Kept only so the pipe to python's stdin stays open as long as this process lives.
    private let stdin: Pipe

    private init() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script]
        let output = Pipe()
        stdin = Pipe()
        process.standardOutput = output
        process.standardInput = stdin
        try process.run()
        // One short line, written as soon as the socket is bound.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

}

/// A port nothing listens on: bound, read, and released again.
func unusedPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}
