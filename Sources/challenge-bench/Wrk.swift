import Foundation

/// wrk, when installed (it is not required): the standard HTTP load tool, as a second opinion
/// next to the bench's own load generator.
struct Wrk {
    let path: String

    struct Result: Equatable, Sendable {
        var perSecond: Double
        var p99Seconds: Double?
    }

    func run(url: String, threads: Int, connections: Int, seconds: Int) -> Result? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Self.parse(String(decoding: data, as: UTF8.self))
    }

    /// "Requests/sec:  24567.12" and the "99%" line of the latency distribution.
    static func parse(_ text: String) -> Result? {
        var perSecond: Double?
        var p99: Double?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.first == "Requests/sec:", fields.count >= 2 { perSecond = Double(fields[1]) }
            if fields.first == "99%", fields.count >= 2 { p99 = duration(fields[1]) }
        }
        return perSecond.map { Result(perSecond: $0, p99Seconds: p99) }
    }

    /// "512.00us", "1.23ms", "2.00s" in seconds.
    static func duration(_ text: Substring) -> Double? {
        for (unit, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0)] where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return nil
    }
}
