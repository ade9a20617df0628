import TUI

/// What the shell's reducer needs to know of the screens when a key comes, asked of them by the
/// runner just before: the screens are objects, so the reducer is given their answers as values.
package struct ShellKeyFacts: Equatable, Sendable {
    /// What the global keys' declarations read.
    package var context: ShellKeys.Context
    /// How far help scrolls in its box now (its lines beyond it).
    package var helpScrollLimit = 0
    /// The inspector's rows its filter lets through (asked only while it has the keys).
    package var inspectorRows: [InspectorModel.Row] = []
    /// How many events the top screen keeps for the timeline (0: none, or it keeps none).
    package var timelineEvents = 0
    /// Those events, oldest first, asked only while the timeline is open.
    package var timelineRows: [TimelineRow] = []
    /// What the top screen asks before it is left (nil: nothing, it is left at once).
    package var leaveQuestion: LeaveConfirmation?

    package init(
        context: ShellKeys.Context, helpScrollLimit: Int = 0, inspectorRows: [InspectorModel.Row] = [],
        timelineEvents: Int = 0, timelineRows: [TimelineRow] = [], leaveQuestion: LeaveConfirmation? = nil
    ) {
        self.context = context
        self.helpScrollLimit = helpScrollLimit
        self.inspectorRows = inspectorRows
        self.timelineEvents = timelineEvents
        self.timelineRows = timelineRows
        self.leaveQuestion = leaveQuestion
    }
}
