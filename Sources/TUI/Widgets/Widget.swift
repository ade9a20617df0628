/// Something drawn into an area of a canvas, as ratatui's `Widget`: a value built from what it
/// shows, drawn in immediate mode. Every widget draws with this one call; what it reports back
/// (the area it used, the rows it took, where the cursor goes) is its `Output`.
public protocol Widget {
    associatedtype Output = Void
    @discardableResult
    func draw(in area: Rect, on canvas: inout Canvas) -> Output
}

/// A widget whose drawing also updates a state the caller keeps, as ratatui's
/// `StatefulWidget`: a list records how many rows fit and scrolls its selection into view.
public protocol StatefulWidget {
    associatedtype State
    associatedtype Output = Void
    @discardableResult
    func draw(in area: Rect, on canvas: inout Canvas, state: inout State) -> Output
}
