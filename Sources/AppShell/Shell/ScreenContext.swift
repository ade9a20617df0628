import TUI

/// What a screen may ask of the shell: navigation between screens, transient messages,
/// a way for background work to send messages back, the time, and the app's dependencies.
public final class ScreenContext {
    package let run: RunContext<ShellMessage>
    private unowned let shell: ChallengeShell

    package init(run: RunContext<ShellMessage>, shell: ChallengeShell) {
        self.run = run
        self.shell = shell
    }

    /// The app's dependencies: configuration, backends, store, clock.
    public var environment: AppEnvironment { shell.environment }

    /// Sends messages to the loop from any thread (what effect runners call).
    public var poster: Poster<ShellMessage> { run.poster }

    /// The loop's time (since it started, on the app's clock).
    public var now: Duration { run.now }

    /// An answer performed on the loop's thread (`Feature.performAtOnce`): handled as soon as
    /// what is being handled is done, before the next frame, through the shell's entry like
    /// every message, so it is recorded after it, as a replay plays it.
    package func answer(_ message: ShellMessage) { shell.answersAtOnce.append(message) }

    /// Does what a feature asks of the shell.
    package func perform(_ request: FeatureRequest) {
        switch request {
        case .open(let id): shell.open(id)
        case .toast(let message, let kind): shell.toast(message, kind: kind)
        }
    }

    /// Leaves the current screen, asking first when it wants (`confirmLeave`).
    public func leave() { shell.requestLeave() }

    /// Shows a message for a few seconds at the bottom of the screen.
    public func toast(_ message: String, kind: Toast.Kind = .info) { shell.toast(message, kind: kind) }

    /// The session being recorded or replayed, if any (Docs/recording.md).
    package var session: SessionTap? { shell.session }
}
