import Core
import FoundationEssentials

/// The wall time tests start at: 2023-11-14T22:13:20Z.
public let testEpoch = Date(timeIntervalSince1970: 1_700_000_000)

extension TimeSource {
    /// Time that moves only with `clock` (a `ManualClock`, an `ImmediateClock`), its wall time
    /// counted from `wallAtOrigin`.
    public static func driven(by clock: any Clock<Duration>, wallAtOrigin: Date = testEpoch) -> TimeSource {
        TimeSource(following: clock, wallAtOrigin: wallAtOrigin)
    }

    /// Time that never moves: every reading is `wall`.
    public static func frozen(at wall: Date = testEpoch) -> TimeSource {
        TimeSource(following: ManualClock(), wallAtOrigin: wall)
    }
}
