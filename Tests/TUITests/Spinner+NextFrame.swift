import TUI

extension Spinner {
    /// How long after `elapsed` the frame changes: where the tests expect the next frame.
    func delayUntilNextFrame(after elapsed: Duration) -> Duration {
        guard elapsed > .zero else { return interval }
        let step = Int(elapsed / interval)
        return interval * (step + 1) - elapsed
    }
}
