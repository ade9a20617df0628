import Foundation

/// A line about the machine, for the report: results on a loaded machine read differently.
enum Machine {
    /// The 1, 5 and 15 minute load averages, as /proc/loadavg gives them.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func describe() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var model = "unknown CPU"
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            model = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return "\(cores) cores, \(model)"
    }
}
