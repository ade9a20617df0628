/// Exec to the first complete frame, challenge-tui's launcher against `dialog --menu`, runs
/// interleaved so background load hits both alike; and the app's resident memory once drawn.
struct StartupBench {
    let context: BenchContext

    struct Outcome {
        var tui: [Double] = []
        var dialog: [Double] = []
        /// The build's own file (`BenchContext.builtTUIPath`), when it is not what `tui` measured.
        var asLinked: [Double] = []
        var residentBytes: [Double] = []
        /// Page faults from exec to the complete first frame.
        var tuiFaults: [Double] = []
        var dialogFaults: [Double] = []
        var problems: [String] = []
    }

    func measure() -> Outcome {
        var outcome = Outcome()
        let runs = context.options.startupRuns
        // Two unmeasured starts first: page cache, dynamic loader caches.
        for index in -2..<runs {
            switch firstFrame(context.tuiPath, [], markers: BenchContext.launcherMarkers, readMemory: true) {
            case .success(let (seconds, resident, faults)):
                if index >= 0 {
                    outcome.tui.append(seconds * 1000)
                    if let resident { outcome.residentBytes.append(Double(resident)) }
                    if let faults { outcome.tuiFaults.append(Double(faults)) }
                }
            case .failure(let problem): outcome.problems.append("challenge-tui: \(problem)")
            }
            if let dialog = context.dialogPath {
                switch firstFrame(dialog, context.dialogArguments, markers: BenchContext.dialogMarkers, readMemory: false) {
                case .success(let (seconds, _, faults)):
                    if index >= 0 {
                        outcome.dialog.append(seconds * 1000)
                        if let faults { outcome.dialogFaults.append(Double(faults)) }
                    }
                case .failure(let problem): outcome.problems.append("dialog: \(problem)")
                }
            }
            if context.builtTUIPath != context.tuiPath,
               case .success(let (seconds, _, _)) = firstFrame(context.builtTUIPath, [], markers: BenchContext.launcherMarkers, readMemory: false),
               index >= 0 {
                outcome.asLinked.append(seconds * 1000)
            }
            if outcome.problems.count > 3 { break }
        }
        return outcome
    }

    struct Problem: Error, CustomStringConvertible { var description: String }

    private func firstFrame(_ path: String, _ arguments: [String], markers: [String], readMemory: Bool)
        -> Result<(Double, UInt64?, UInt64?), Problem>
    {
        do {
            let process = try PseudoTerminalProcess(path: path, arguments: arguments, environment: context.appEnvironment)
            defer { process.terminate() }
            guard let time = process.waitFor(markers, timeout: 10) else {
                return .failure(Problem(description: "no complete frame within 10 s; screen:\n" + process.screen.lines.joined(separator: "\n")))
            }
            // Read at once: what it took to draw, not what it does after.
            let faults = ProcessStats.pageFaults(pid: process.pid)
            var resident: UInt64?
            if readMemory {
                process.settle(quiet: 0.1, timeout: 1)
                resident = ProcessStats.residentBytes(pid: process.pid)
            }
            return .success((time, resident, faults))
        } catch {
            return .failure(Problem(description: "\(error)"))
        }
    }

    /// The first frame may take 1.1× dialog's. A Swift program with its runtime and libstdc++
    /// linked statically starts as fast as dialog; what the app pays over it is its size (the
    /// relocations of its metadata, its page faults) and its own start-up: configuration, the
    /// shell, drawing. See Docs/performance.md, "The first frame".
    static let ratioBudget = 1.1

    func report(_ outcome: Outcome) -> [ReportLine] {
        var lines: [ReportLine] = []
        let budgetText = "≤ " + Format.number(Self.ratioBudget, digits: 2) + "×"
        let tui = Summary(outcome.tui)
        let dialog = Summary(outcome.dialog)
        if let tui {
            lines.append(ReportLine("first frame, challenge-tui launcher (exec → frame)", tui.formatted("ms", digits: 2)))
        } else {
            lines.append(.skipped("first frame, challenge-tui launcher", because: outcome.problems.first ?? "no run succeeded"))
        }
        if let dialog {
            lines.append(ReportLine("first frame, dialog --menu (3 items)", dialog.formatted("ms", digits: 2)))
        }
        if let asLinked = Summary(outcome.asLinked) {
            let against = dialog.map { ", " + Format.number(asLinked.median / $0.median, digits: 2) + "× dialog's" } ?? ""
            lines.append(ReportLine("first frame, the build's own file as linked (not installed)", asLinked.formatted("ms", digits: 2) + against))
        }
        switch (tui, dialog, context.dialogPath) {
        case (let tui?, let dialog?, _):
            let ratio = tui.median / dialog.median
            lines.append(.budget(
                "first frame ratio challenge-tui / dialog (medians)",
                Format.number(ratio, digits: 2) + "× (min/min " + Format.number(tui.minimum / dialog.minimum, digits: 2) + "×)",
                budget: budgetText, ok: ratio <= Self.ratioBudget))
        case (_, _, nil):
            lines.append(.skipped("first frame ratio challenge-tui / dialog", because: "dialog not installed", budget: budgetText))
        default:
            lines.append(.skipped("first frame ratio challenge-tui / dialog", because: outcome.problems.first ?? "no run succeeded", budget: budgetText))
        }
        if let faults = Summary(outcome.tuiFaults) {
            let against = Summary(outcome.dialogFaults).map { " vs dialog " + Format.number($0.median, digits: 0) } ?? ""
            lines.append(ReportLine("page faults, exec → first frame", faults.formatted("faults", digits: 0) + against))
        }
        let relocations = [("challenge-tui", context.tuiPath), ("dialog", context.dialogPath)].compactMap { name, path in
            path.flatMap(ELFRelocations.count(path:)).map { "\(name) " + Format.number(Double($0), digits: 0) }
        }
        if !relocations.isEmpty {
            lines.append(ReportLine("relocations in the program file (libraries not counted)", relocations.joined(separator: ", ")))
        }
        if let memory = Summary(outcome.residentBytes) {
            lines.append(.budget(
                "resident memory after start (VmRSS)", Format.bytes(memory.median) + " (max " + Format.bytes(memory.maximum) + ")",
                budget: "< 30 MiB", ok: memory.maximum < 30 * 1024 * 1024))
        }
        return lines
    }
}
