/// Something drawn into an area of a canvas, as ratatui's `Widget`: a value built from what it
/// shows, drawn in immediate mode. Every widget draws with this one call; what it reports back
/// (the area it used, the rows it took, where the cursor goes) is its `Output`.
public protocol Widget {
    associatedtype Output = Void
    @discardableResult
    func draw(in area: Rect, on canvas: inout Canvas) -> Output
}

/// A widget drawn from a state the caller keeps between frames (a list's selection and scroll),
/// as ratatui's `StatefulWidget` — but drawing only reads it: what fits is worked out before the
/// frame and handed to the reducer as an event, so a frame never changes state
/// (Docs/architecture.md, "Drawing draws").
public protocol StatefulWidget {
    associatedtype State
    associatedtype Output = Void
    @discardableResult
    func draw(in area: Rect, on canvas: inout Canvas, state: State) -> Output
}
