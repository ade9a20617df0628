/// The server challenge-server is measured against: node's own `http` module, as plain as it
/// gets, serving a body the size of an rLogin answer, after `delay` seconds (argument 1).
enum NodeServerScript {
    static let source = """
        const http = require('http');
        const delay = Number(process.argv[2] || 0) * 1000;
        const body = '{"sessionId":"1b4e28ba-2fa1-41d2-883f-0016d3cca427"}';
        const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) };
        const server = http.createServer((request, response) => {
          const answer = () => { response.writeHead(200, headers); response.end(body); };
          if (delay > 0) setTimeout(answer, delay); else answer();
        });
        server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
        process.on('SIGTERM', () => process.exit(0));

        """

    /// Writes the script into `directory`; its path.
    static func write(into directory: String) throws -> String {
        let path = directory + "/node-http-server.js"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
