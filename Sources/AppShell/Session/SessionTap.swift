import Core
import TUI

/// What changes in the shell while a session is recorded or replayed (Docs/recording.md): the
/// shell hands the recorder every key, message and answer at its entry, where they all pass; a
/// replay runs no effect, and feeds the network inspector from the recording.
package protocol SessionTap: AnyObject {
    /// False in a replay: effects don't run, their answers come from the recording.
    var runsEffects: Bool { get }
    var blobs: SessionBlobs { get }
    /// What came in, as the shell took it (a key, a message, an answer), before it is handled:
    /// a recorder writes it; a replay has it already.
    func record(_ line: SessionLine, storeProblem: StoreError?)
    /// The shell handled what it recorded last; `secretShapes`: the top screen's password
    /// fields now (nil when it has none), written as placeholders when they changed.
    func handled(secretShapes: [SecretLetters.Shape]?)
    /// The network inspector's rows and the mock's endpoints after a `networkActivity`: nil to
    /// read the live ones (recording); a replay's recorded change applied to `current`.
    func network(after current: LiveNetwork) -> LiveNetwork?
    /// A recorded value a screen could not read back (a replay stops there).
    func failed(_ error: ConfigurationError)
}

/// The requests the network inspector lists and the mock's endpoints as the shell last took
/// them: on each `networkActivity`, from the monitor and the endpoints (or, on replay, from the
/// recording), so what is drawn changes with a message, never in between.
package struct LiveNetwork: Equatable {
    package var history: [NetworkActivity] = []
    package var behaviours: [EndpointName: EndpointBehaviour] = [:]

    /// What the monitor and the mock's endpoints say now.
    package init(_ environment: AppEnvironment) {
        history = environment.monitor.history
        behaviours = environment.mock.behaviours
    }

    package init(history: [NetworkActivity] = [], behaviours: [EndpointName: EndpointBehaviour] = [:]) {
        self.history = history
        self.behaviours = behaviours
    }

    /// What changed since `earlier`: requests that began or ended, endpoints that changed.
    package func change(since earlier: LiveNetwork) -> NetworkChange {
        let before = Dictionary(earlier.history.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        return NetworkChange(
            activities: history.filter { before[$0.id] != $0 },
            behaviours: behaviours.filter { earlier.behaviours[$0.key] != $0.value })
    }

    /// `change` applied: requests replaced by id or added, the oldest dropped past `capacity`
    /// (as the monitor does).
    package func applying(_ change: NetworkChange, capacity: Int) -> LiveNetwork {
        var result = self
        for activity in change.activities {
            if let index = result.history.firstIndex(where: { $0.id == activity.id }) {
                result.history[index] = activity
            } else {
                result.history.append(activity)
            }
        }
        if result.history.count > capacity { result.history.removeFirst(result.history.count - capacity) }
        result.behaviours.merge(change.behaviours) { $1 }
        return result
    }
}

/// A screen a session can address: the launcher writes and reads what it read of the store; a
/// `FeatureHost` of a `RecordableFeature` its feature's answers.
package protocol SessionScreen: Screen {
    /// Minted by the shell when it pushes the screen (`ShellState.push`): what its answers are
    /// addressed to.
    var id: ScreenID { get set }
    /// `event` (this screen's feature's) as the recording writes it; nil when it is not an
    /// answer the feature records.
    func recordAnswer(_ event: any Sendable, blobs: SessionBlobs) -> JSONValue?
    /// A recorded answer, as the message the loop would have handed on.
    func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> ShellMessage
}

/// A feature with password fields: a recording writes placeholders for them (Docs/recording.md,
/// "No secrets").
package protocol SecretFieldsFeature {
    /// `key` as a recording writes it when it types into a password field (`•` for each
    /// character); nil when it does not.
    func maskedForRecording(_ key: Key) -> Key?
    /// The password fields' lengths, cursors and which hold the same text.
    var secretShapes: [SecretLetters.Shape] { get }
    /// A replay puts the recorded placeholders in.
    mutating func restoreSecrets(_ placeholders: SecretPlaceholders)
}

/// A screen whose fields a recording masks.
package protocol SecretFieldsScreen: Screen {
    func maskedForRecording(_ key: Key) -> Key?
    var secretShapes: [SecretLetters.Shape] { get }
    func restoreSecrets(_ placeholders: SecretPlaceholders)
}
