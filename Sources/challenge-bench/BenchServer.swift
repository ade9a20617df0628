extension BenchContext {
    /// challenge-server as every bench starts it: on loopback and a free port (the port is read
    /// from what it prints, `ServerProcess`), its log in the scratch folder, every navigation
    /// request answered successfully after exactly `delay` seconds (rLogin's; the other two at
    /// once: the positional overrides, Docs/server.md), the articles from `articlesFile` when
    /// given (else the contract's sample).
    func startServer(delay: Double = 0, articlesFile: String? = nil, log: String) throws -> ServerProcess {
        var arguments = ["--host", "127.0.0.1", "--port", "0"]
        if let articlesFile { arguments += ["--articles-file", articlesFile] }
        arguments += [Format.number(delay, digits: 0), "true", "0", "true", "0", "true"]
        return try ServerProcess(path: serverPath, arguments: arguments, environment: appEnvironment, logPath: scratch + "/" + log)
    }
}
