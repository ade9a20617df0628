@testable import AppShell

extension ChallengeShell {
    /// Whether help is open (over anything).
    var isShowingHelp: Bool { overlays.contains { if case .help = $0 { true } else { false } } }

    /// The question before leaving a screen with unsaved edits, while it is asked.
    var pendingLeave: LeaveDialog? {
        for overlay in overlays { if case .leaveConfirmation(let dialog) = overlay { return dialog } }
        return nil
    }
}
