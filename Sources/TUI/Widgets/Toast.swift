/// A transient message with a deadline (on the event loop's clock, `RunContext.now`). The app keeps
/// it in its state, schedules a timer for `deadline`, and drops it when the timer fires
/// (`isExpired(at:)` says whether it is due).
public struct Toast: Widget, Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case info, success, error }
    public enum Placement: Hashable, Sendable { case top, bottom }

    public var message: String
    public var kind: Kind
    public var deadline: Duration
    /// Which edge of its area it is drawn on.
    public var placement: Placement = .bottom

    public init(_ message: String, kind: Kind = .info, deadline: Duration) {
        self.message = message
        self.kind = kind
        self.deadline = deadline
    }

    /// A toast shown for `duration` from `now` (default 3 s).
    public init(_ message: String, kind: Kind = .info, now: Duration, duration: Duration = .seconds(3)) {
        self.init(message, kind: kind, deadline: now + duration)
    }

    public func isExpired(at now: Duration) -> Bool { now >= deadline }

    public var style: Style {
        switch kind {
        case .info: Style(reverse: true)
        // Reverse keeps them visible as a bar when colours are off (NO_COLOR).
        case .success: Style(foreground: .green, bold: true, reverse: true)
        case .error: Style(foreground: .red, bold: true, reverse: true)
        }
    }

    /// Draws the message as one centred line on the bottom (or top) row of `rect`, truncated to fit.
    @discardableResult
    public func draw(in rect: Rect, on canvas: inout Canvas) -> Rect {
        guard rect.height > 0, rect.width > 2 else { return .zero }
        let text = " " + TextLayout.truncate(message, width: rect.width - 2) + " "
        let width = DisplayWidth.of(text)
        let y = placement == .bottom ? rect.maxY - 1 : rect.y
        let x = rect.x + TextLayout.offset(of: width, in: rect.width, alignment: .center)
        canvas.put(text, at: Point(x: x, y: y), style: style, clipTo: rect)
        return Rect(x: x, y: y, width: width, height: 1)
    }
}
