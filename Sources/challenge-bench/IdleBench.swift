/// What a program costs while nothing happens (the launcher) and while only a spinner moves
/// (screen A of the navigation flow, with the slow scenario's 5–15 s requests).
struct IdleBench {
    let context: BenchContext

    struct Window {
        var cpuMilliseconds: Double
        var wakeUpsPerSecond: Double
        var framesPerSecond: Double
        var bytes: Int
        var seconds: Double
    }

    enum Measured {
        case window(Window)
        case skipped(String)
    }

    func launcher() -> Measured {
        observe(arguments: [], ready: BenchContext.launcherMarkers, missing: nil)
    }

    func spinner() -> Measured {
        observe(arguments: ["--challenge", "navigation", "--scenario", "slow"], ready: nil, missing: "is not available yet")
    }

    /// Starts the app, waits for it to settle (one second), then watches it for the idle window.
    private func observe(arguments: [String], ready: [String]?, missing: String?) -> Measured {
        let process: PseudoTerminalProcess
        do {
            process = try PseudoTerminalProcess(path: context.tuiPath, arguments: arguments, environment: context.appEnvironment)
        } catch {
            return .skipped("\(error)")
        }
        defer { process.terminate() }
        if let ready, process.waitFor(ready, timeout: 10) == nil { return .skipped("no first frame within 10 s") }
        process.drain(for: 1)
        if let missing, process.screen.contains(missing) {
            return .skipped("this build has no such screen yet (\"\(missing)\")")
        }
        guard let before = ProcessStats.read(pid: process.pid) else { return .skipped("the program ended") }
        let firstChunk = process.chunks.count
        let start = process.now
        process.drain(for: context.options.idleSeconds)
        let seconds = process.now - start
        guard let after = ProcessStats.read(pid: process.pid) else { return .skipped("the program ended") }
        let written = process.chunks[firstChunk...]
        return .window(Window(
            cpuMilliseconds: Double(after.cpuNanoseconds - before.cpuNanoseconds) / 1e6,
            wakeUpsPerSecond: Double(after.contextSwitches - before.contextSwitches) / seconds,
            framesPerSecond: Bursts.rate(written.map(\.time), gap: 0.02),
            bytes: written.reduce(0) { $0 + $1.bytes.count },
            seconds: seconds))
    }

    func report(launcher: Measured, spinner: Measured) -> [ReportLine] {
        var lines: [ReportLine] = []
        switch launcher {
        case .skipped(let reason):
            lines.append(.skipped("idle launcher", because: reason, budget: "0 ms CPU, ≤ 1 wake-up/s"))
        case .window(let window):
            let seconds = Format.number(window.seconds, digits: 1)
            lines.append(.budget(
                "idle launcher: CPU time over \(seconds) s", Format.number(window.cpuMilliseconds, digits: 2) + " ms",
                budget: "0 ms (< 0.5)", ok: window.cpuMilliseconds < 0.5))
            lines.append(.budget(
                "idle launcher: wake-ups (context switches)", Format.number(window.wakeUpsPerSecond, digits: 2) + " /s, "
                    + "\(window.bytes) B written",
                budget: "≤ 1 /s", ok: window.wakeUpsPerSecond <= 1))
        }
        switch spinner {
        case .skipped(let reason):
            lines.append(.skipped("spinner (navigation A, --scenario slow)", because: reason, budget: "≤ 10 frames/s"))
        case .window(let window):
            lines.append(.budget(
                "spinner (navigation A, slow): frames", Format.number(window.framesPerSecond, digits: 1) + " /s, "
                    + Format.number(Double(window.bytes) / window.seconds, digits: 0) + " B/s",
                budget: "≤ 10 /s", ok: window.framesPerSecond <= 10))
            lines.append(ReportLine(
                "spinner: CPU, wake-ups", Format.number(window.cpuMilliseconds / window.seconds, digits: 2)
                    + " ms CPU per s, " + Format.number(window.wakeUpsPerSecond, digits: 1) + " wake-ups/s"))
        }
        return lines
    }
}
