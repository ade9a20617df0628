import Core
import FoundationEssentials

/// What a challenge reads its launcher line with ("resume at Screen C2 · Option 3", "60
/// articles stored · synced 01:06"): the store, and the time of the one time source shown in
/// local time. See `Challenge.standing`.
package struct StandingContext {
    package let store: any RecordStore
    /// The time source's wall time now.
    package let now: Date
    /// nil: the machine's zone (tests give a fixed one).
    package let timeZone: TimeZone?
    /// The store could not be opened: `store` is in memory, and what a line counts goes at
    /// exit (Docs/security.md, "Two copies on one data folder").
    package var keepsNothing = false
    /// The backend is the mock, which keeps what was sent to it only until the app quits.
    package var isMockBackend = false

    /// `date` in local time: "01:06" on today's date, "3 Jan 01:06" on another.
    package func clockTime(_ date: Date) -> String {
        let then = LocalTime.reading(date, in: timeZone)
        let today = LocalTime.reading(now, in: timeZone).day
        return then.day == today ? then.time.hoursAndMinutes : "\(then.day.shortDescription) \(then.time.hoursAndMinutes)"
    }
}
