import AppShell
import Core
import Navigation
import TUI

/// The bottom line of every screen of the flow: rLogin's live state ("Sign-in attempt 2
/// failed: Server error 500; next try in 4 s"), a storage problem if there is one, and the
/// backend. Drawn reversed so it stands apart with or without colour. The sign-in state always
/// comes first and whole where it fits; the other parts follow as far as there is room.
package struct NavigationStatusLine: Widget {
    package static let separator = " · "
    /// A part cut shorter than this says nothing useful; it is left out instead.
    package static let shortestCut = 12

    package var state: NavigationState
    package var now: Duration
    package var backend: String
    /// The screen's own colours (the line is drawn reversed in them).
    package var style: Style = .plain

    package var parts: [String] {
        var parts = [state.isLoadingProgress ? "Starting…" : login]
        if let storage = state.storageMessage { parts.append(storage) }
        parts.append(backend)
        return parts
    }

    /// rLogin's state, what matters first: the countdown and `r` come before the error, so a
    /// narrow terminal cuts the error message rather than them.
    package var login: String {
        switch state.login {
        case .failed(let attempt, let error, _, _):
            "Sign-in attempt \(attempt) failed, next try in \(state.login.secondsUntilRetry(now: now) ?? 0) s: \(error.message)"
        case .gaveUp(let attempts, let error):
            "Sign-in gave up after \(attempts) attempt\(attempts == 1 ? "" : "s") (r tries again): \(error.message)"
        default:
            state.login.summary(now: now)
        }
    }

    /// The line for `width` columns.
    package func text(width: Int) -> String {
        var parts = self.parts
        var line = TextLayout.truncate(parts.removeFirst(), width: width)
        for part in parts {
            let room = width - DisplayWidth.of(line) - DisplayWidth.of(Self.separator)
            if DisplayWidth.of(part) <= room {
                line += Self.separator + part
            } else {
                if room >= Self.shortestCut { line += Self.separator + TextLayout.truncate(part, width: room) }
                break
            }
        }
        return line
    }

    package func draw(in rect: Rect, on canvas: inout Canvas) {
        let line = rect.row(0)
        guard !line.isEmpty else { return }
        let look = style.reversed()
        canvas.fill(line, style: look)
        let inner = line.inset(left: 1, right: 1)
        canvas.put(text(width: inner.width), at: inner.origin, style: look, clipTo: inner)
    }
}
