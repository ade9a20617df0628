/// A value of the environment that is an input like any other but costs time to make (the
/// encrypted store's key, the networking stack): given as how to make it, made the first time
/// it is read, the same value after. Keeps the first frame from waiting for it
/// (Docs/performance.md, "The first frame"). Read on the loop's thread, as the environment is.
package final class MadeOnFirstUse<Value> {
    private enum State {
        case made(Value)
        case pending(() -> Value)
    }

    private var state: State

    package init(_ make: @escaping () -> Value) { state = .pending(make) }
    package init(made value: Value) { state = .made(value) }

    package var value: Value {
        switch state {
        case .made(let value):
            return value
        case .pending(let make):
            let value = make()
            state = .made(value)
            return value
        }
    }
}
