import AppShell
import Core
import TUI

/// `--replay FILE` in the terminal: the recorded frames, drawn afresh by the app on the
/// recording's clock at the chosen speed, under a status line with the time, the frame, the
/// caption of the last `note` and the keys (Docs/recording.md, "Replaying"). Space pauses; ← and
/// → step one event back or forward while paused; `?` shows the keys; `q` leaves. It stops at the
/// end, or at the first frame that differs from the recording, and says so, and says when the
/// recording was cut short.
package final class ReplayApp: TerminalApp {
    package enum Message: Sendable { case due }

    private let recording: SessionRecording
    private let speed: ReplaySpeed
    private var player: SessionPlayer
    private var paused = false
    /// `?`: the keys, over the frame; any key closes it.
    private var showingHelp = false
    /// Where real time and recorded time were last lined up (after a start, a pause, a step).
    private var anchor: (real: Duration, recorded: Duration) = (.zero, .zero)
    /// What the replay found, once it ended or stopped at a difference.
    package private(set) var verdict: SessionVerdict?
    /// Why it stopped early (a line it could not play, a terminal too small for the recording).
    package private(set) var problem: String?
    private var framesSeen = 0

    package init(recording: SessionRecording, speed: ReplaySpeed) throws(SessionReadError) {
        self.recording = recording
        self.speed = speed
        player = try SessionPlayer(recording)
    }

    /// The keys, declared once: the status line and Docs/recording.md show them.
    package static let keyMap = KeyMap<Void, Never>("Replay", [
        KeyBinding([.char(" ")], bar: "Space", label: "pause", help: "pause or play on"),
        KeyBinding([.left, .right], bar: "←→", label: "step", help: "while paused: one event back or forward"),
        KeyBinding([.char("?"), .function(1)], bar: "?", label: "help", help: "these keys"),
        KeyBinding([.char("q"), .escape], bar: "q", label: "quit", help: "leave the replay"),
    ])

    package func start(_ context: RunContext<Message>) {
        anchor = (context.now, .zero)
        playDue(context)
    }

    package func handle(_ key: Key, _ context: RunContext<Message>) {
        if showingHelp, key != .resize {
            showingHelp = false
            return
        }
        switch key {
        case .char("?"), .function(1):
            showingHelp = true
        case .char("q"), .escape:
            context.quit()
        case .char(" ") where verdict == nil && problem == nil:
            paused.toggle()
            anchor = (context.now, player.time)
            if paused { context.cancel("replay") } else { playDue(context) }
        case .right where paused && verdict == nil && problem == nil:
            stepForward(context)
        case .left where paused && problem == nil:
            stepBack(context)
        case .resize:
            checkSize(context)
        default:
            break
        }
    }

    package func handle(_ message: Message, _ context: RunContext<Message>) {
        playDue(context)
    }

    package func render(into canvas: inout Canvas) -> Point? {
        let frameHeight = player.frame?.canvas.size.height ?? recording.header.size.height
        if let frame = player.frame { canvas.draw(frame.canvas, at: .zero) }
        let statusRow = min(frameHeight, canvas.size.height - 1)
        let bar = Rect(x: 0, y: statusRow, width: canvas.size.width, height: 1)
        canvas.fill(bar, style: .reverse)
        canvas.put(TextLayout.truncate(status(width: bar.width), width: bar.width), at: bar.origin, style: .reverse, clipTo: bar)
        if showingHelp {
            HelpOverlay(guides: [Self.keyMap.guide]).draw(in: Rect(x: 0, y: 0, width: canvas.size.width, height: statusRow), on: &canvas)
        }
        return nil
    }

    /// The keys as the status line shows them: Space says what it does now, and the arrows
    /// show only while paused, when they work (room for the caption while playing).
    private var keyItems: String {
        Self.keyMap.barItems.filter { paused || $0.key != "←→" }.map { item in
            let label = item.key == "Space" && paused ? "play" : item.label
            return "\(item.key) \(label)"
        }.joined(separator: " · ")
    }

    /// The status line: the verdict or the problem once there is one, else where the replay is.
    private func status(width: Int) -> String {
        if let problem { return " \(problem) · q quit" }
        if let verdict {
            let cut = recording.cutShort.map { " · \($0.shortDescription)" } ?? ""
            return " \(verdict.shortSummary)\(cut) · ←→ step · ? help · q quit"
        }
        let state = paused ? "paused" : "playing"
        let rate = switch speed {
        case .max: "max"
        case .times(let factor): factor == factor.rounded() ? "×\(Int(factor))" : "×\(factor)"
        }
        let text = " \(state) \(SessionFormat.secondsText(player.time)) · frame \(player.frame?.number ?? 0)/\(recording.frameCount) · \(rate)"
        let keys = " · " + keyItems
        // The caption between them, cut (with "…") to leave the keys room.
        let room = width - DisplayWidth.of(text) - DisplayWidth.of(keys) - 3
        guard let caption = player.caption, room >= 8 else { return text + keys }
        return text + " · " + TextLayout.truncate(caption, width: room) + keys
    }

    // MARK: Playing

    /// Plays every line due by now (recorded time = anchor + real time elapsed × speed), then
    /// schedules a wake-up for the next one.
    private func playDue(_ context: RunContext<Message>) {
        guard !paused, verdict == nil, problem == nil else { return }
        while !player.isAtEnd {
            let next = recording.entries[player.position].time
            switch speed {
            case .max:
                if playLine(context), !player.isAtEnd {
                    // One frame a turn, so the screen keeps up.
                    context.schedule("replay", after: .zero, .due)
                    return
                }
            case .times(let factor):
                let due = anchor.recorded + (context.now - anchor.real) * factor
                guard next <= due else {
                    context.schedule("replay", at: anchor.real + (next - anchor.recorded) / factor, .due)
                    return
                }
                _ = playLine(context)
            }
            if verdict != nil || problem != nil { return }
        }
        endIfCutShort()
    }

    /// A recording cut short has no end line to play: its last line ends the replay.
    private func endIfCutShort() {
        if player.isAtEnd, verdict == nil, problem == nil { verdict = SessionVerdict(frames: framesSeen) }
    }

    /// Plays one line; true when it drew a frame.
    @discardableResult
    private func playLine(_ context: RunContext<Message>) -> Bool {
        do {
            switch try player.step() {
            case .end:
                verdict = SessionVerdict(frames: framesSeen)
                return false
            case .line:
                return false
            case .frame(let number, let identical):
                framesSeen = number
                if !identical { verdict = SessionVerdict.differing(player, number: number) }
                checkSize(context)
                return true
            }
        } catch {
            problem = error.description
            return false
        }
    }

    /// One event forward: it, and the frames and captions after it, up to the next event. When
    /// the loop handled several events before drawing (a key and the answer it got at once),
    /// there is no frame between them to show, so the step goes on to the next frame: every
    /// press of → changes the frame.
    private func stepForward(_ context: RunContext<Message>) {
        var playedEvent = false
        var drewFrame = false
        while !player.isAtEnd, verdict == nil, problem == nil {
            let isEvent = recording.entries[player.position].line.isEvent
            if isEvent && playedEvent && drewFrame { break }
            playedEvent = playedEvent || isEvent
            if playLine(context) { drewFrame = true }
        }
        endIfCutShort()
    }

    /// One event back: the state right before the last event played, with its frame.
    private func stepBack(_ context: RunContext<Message>) {
        let entries = recording.entries
        guard let current = entries[..<player.position].lastIndex(where: { $0.line.isEvent }) else { return }
        // Up to the event before the current one and what follows it, but at least one frame.
        var target = current
        if let firstFrame = entries.firstIndex(where: { if case .frame = $0.line { true } else { false } }) {
            target = max(target, firstFrame + 1)
        }
        do {
            let fresh = try SessionPlayer(recording)
            fresh.drawsFrames = false
            while fresh.position < target { _ = try fresh.step() }
            fresh.drawsFrames = true
            player = fresh
            player.redraw()
            framesSeen = player.frame?.number ?? 0
            verdict = nil
        } catch {
            problem = error.description
        }
    }

    /// A recording whose terminal grows past this one's can't be shown: say so and stop.
    private func checkSize(_ context: RunContext<Message>) {
        let needed = player.size
        let have = context.terminalSize
        guard needed.width > have.width || needed.height > have.height else { return }
        problem = "the recording's terminal is \(needed.width)x\(needed.height) at \(SessionFormat.secondsText(player.time)); "
            + "this one is \(have.width)x\(have.height)"
        context.cancel("replay")
        context.quit()
    }
}

extension SessionLine {
    /// Something that changed the app (not a frame, a caption or a screen's start answers).
    package var isEvent: Bool {
        switch self {
        case .start, .key, .resize, .answer, .stale, .message, .network: true
        case .note, .frame, .end: false
        }
    }
}
