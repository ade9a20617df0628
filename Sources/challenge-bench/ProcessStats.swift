import Foundation

/// What the kernel says a process has cost so far, summed over its threads.
struct ProcessStats: Equatable, Sendable {
    /// Time on a CPU, nanoseconds (schedstat: precise, unlike the 10 ms ticks of /proc/PID/stat).
    var cpuNanoseconds: UInt64
    /// Voluntary + involuntary context switches: every wake-up from a sleep is one.
    var contextSwitches: UInt64
    var threads: Int

    /// Reads /proc/PID/task/*/{schedstat,status}; nil when the process is gone.
    static func read(pid: Int32) -> ProcessStats? {
        let taskDirectory = "/proc/\(pid)/task"
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: taskDirectory) else { return nil }
        var total = ProcessStats(cpuNanoseconds: 0, contextSwitches: 0, threads: 0)
        for task in tasks {
            guard let schedstat = try? String(contentsOfFile: "\(taskDirectory)/\(task)/schedstat", encoding: .utf8),
                  let status = try? String(contentsOfFile: "\(taskDirectory)/\(task)/status", encoding: .utf8)
            else { continue } // a thread that ended meanwhile
            total.cpuNanoseconds += parseSchedstat(schedstat) ?? 0
            total.contextSwitches += parseContextSwitches(status) ?? 0
            total.threads += 1
        }
        return total.threads > 0 ? total : nil
    }

    /// The first field of schedstat: nanoseconds spent running.
    static func parseSchedstat(_ text: String) -> UInt64? {
        text.split(separator: " ").first.flatMap { UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// voluntary_ctxt_switches + nonvoluntary_ctxt_switches of a status file.
    static func parseContextSwitches(_ status: String) -> UInt64? {
        let voluntary = field("voluntary_ctxt_switches", in: status)
        let involuntary = field("nonvoluntary_ctxt_switches", in: status)
        guard let voluntary, let involuntary else { return nil }
        return voluntary + involuntary
    }

    /// VmRSS of a status file, in bytes.
    static func parseResidentBytes(_ status: String) -> UInt64? {
        field("VmRSS", in: status).map { $0 * 1024 } // reported in kB
    }

    /// Page faults so far (minor and major), from `/proc/PID/stat`.
    static func pageFaults(pid: Int32) -> UInt64? {
        (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)).flatMap(parsePageFaults)
    }

    /// Fields 10 and 12 of a stat line (minflt, majflt), counted after the command's closing parenthesis.
    static func parsePageFaults(_ stat: String) -> UInt64? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After ")": state is field 3, so minflt (10) is the 8th and majflt (12) the 10th.
        guard fields.count > 9, let minor = UInt64(fields[7]), let major = UInt64(fields[9]) else { return nil }
        return minor + major
    }

    static func residentBytes(pid: Int32) -> UInt64? {
        (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)).flatMap(parseResidentBytes)
    }

    /// The number of `name:` in a status file ("VmRSS:   2048 kB" gives 2048).
    static func field(_ name: String, in status: String) -> UInt64? {
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let value = line.dropFirst(name.count + 1).split { $0 == " " || $0 == "\t" }.first
            return value.flatMap { UInt64($0) }
        }
        return nil
    }
}

/// Groups of writes separated by a pause: one burst is one frame a terminal program drew.
enum Bursts {
    /// How many bursts `times` (ascending, seconds) make when a gap of more than `gap` seconds
    /// starts a new one.
    static func count(_ times: [Double], gap: Double) -> Int { starts(times, gap: gap).count }

    /// When each burst began.
    static func starts(_ times: [Double], gap: Double) -> [Double] {
        guard var last = times.first else { return [] }
        var starts = [last]
        for time in times.dropFirst() {
            if time - last > gap { starts.append(time) }
            last = time
        }
        return starts
    }

    /// Bursts per second between the first and the last burst (a window's edges don't count);
    /// 0 with fewer than two bursts.
    static func rate(_ times: [Double], gap: Double) -> Double {
        let starts = starts(times, gap: gap)
        guard starts.count >= 2, let first = starts.first, let last = starts.last, last > first else { return 0 }
        return Double(starts.count - 1) / (last - first)
    }
}
