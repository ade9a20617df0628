/// An activity indicator whose frame is a pure function of elapsed time, so it animates only
/// while the app schedules redraws (a timer every `interval`) and tests need no clock.
public struct Spinner: Hashable, Sendable {
    public var frames: [String]
    /// Time per frame; 100 ms means at most 10 redraws a second.
    public var interval: Duration

    public init(frames: [String] = Spinner.braille, interval: Duration = .milliseconds(100)) {
        self.frames = frames.isEmpty ? [" "] : frames
        self.interval = interval > .zero ? interval : .milliseconds(100)
    }

    public static let braille = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    public static let line = ["-", "\\", "|", "/"]

    /// The frame to show `elapsed` after the animation started.
    public func frame(at elapsed: Duration) -> String {
        guard elapsed > .zero else { return frames[0] }
        let step = Int(elapsed / interval) // whole intervals elapsed
        return frames[step % frames.count]
    }

    /// How long after `elapsed` the frame changes (for scheduling the next redraw).
    public func delayUntilNextFrame(after elapsed: Duration) -> Duration {
        guard elapsed > .zero else { return interval }
        let step = Int(elapsed / interval)
        return interval * (step + 1) - elapsed
    }

    /// Draws the frame, followed by ` label` when given; returns the column after it.
    @discardableResult
    public func draw(at point: Point, elapsed: Duration, label: String? = nil, style: Style = .plain, on canvas: inout Canvas, clipTo clip: Rect? = nil) -> Int {
        var text = frame(at: elapsed)
        if let label { text += " " + label }
        return canvas.put(text, at: point, style: style, clipTo: clip)
    }
}
