/// An activity indicator whose frame is a pure function of elapsed time, so it animates only
/// while the app schedules redraws (a timer every `interval`) and tests need no clock.
public struct Spinner: Widget, Hashable, Sendable {
    public var frames: [String]
    /// Time per frame; 100 ms means at most 10 redraws a second.
    public var interval: Duration
    /// How long it has been turning: picks the frame drawn.
    public var elapsed: Duration
    /// Text after the frame ("Saving…").
    public var label: String?
    public var style: Style

    public init(
        frames: [String] = Spinner.braille, interval: Duration = .milliseconds(100), elapsed: Duration = .zero,
        label: String? = nil, style: Style = .plain
    ) {
        self.frames = frames.isEmpty ? [" "] : frames
        self.interval = interval > .zero ? interval : .milliseconds(100)
        self.elapsed = elapsed
        self.label = label
        self.style = style
    }

    public static let braille = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    public static let line = ["-", "\\", "|", "/"]

    /// The frame to show `elapsed` after the animation started.
    public func frame(at elapsed: Duration) -> String {
        guard elapsed > .zero else { return frames[0] }
        let step = Int(elapsed / interval) // whole intervals elapsed
        return frames[step % frames.count]
    }

    /// Draws the frame, followed by ` label` when given; returns the column after it.
    /// Draws the frame (and the label) on the first row of `area`; returns the column after it.
    @discardableResult
    public func draw(in area: Rect, on canvas: inout Canvas) -> Int {
        var text = frame(at: elapsed)
        if let label { text += " " + label }
        return canvas.put(text, at: area.origin, style: style, clipTo: area.row(0))
    }
}
