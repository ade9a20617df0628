import AppShell
import Contract
import Core
import Navigation
import TUI

/// The flow's answers in a recording (Docs/recording.md): the requests' results (the session
/// id the server drew included), the stored progress, the timers.
extension NavigationFeature: RecordableFeature {
    package static func recordAnswer(_ event: NavigationEvent, blobs: SessionBlobs) -> JSONValue? {
        switch event {
        case .progressLoaded(let result):
            return .object(["progressLoaded": SessionValues.json(result, { $0.map(json) ?? .null }, SessionValues.json)])
        case .loginFinished(let attempt, let result, let at):
            return .object([
                "loginFinished": .int(attempt), "at": .time(at),
                "result": SessionValues.json(result, { .string($0) }, SessionValues.json),
            ])
        case .experimentsFetched(let result):
            return .object(["experimentsFetched": SessionValues.json(result, { .string($0.rawValue) }, SessionValues.json)])
        case .submitFinished(let submission, let error):
            return .object([
                "submitFinished": .string(submission.screen.rawValue), "selection": .string(submission.selection),
                "error": error.map(SessionValues.json) ?? .null,
            ])
        case .timerFired(let id):
            return .object(["timerFired": .string(id.rawValue)])
        case .progressSaved(let revision):
            return .object(["progressSaved": .int(revision)])
        case .progressSaveFailed(let error, let revision):
            return .object(["progressSaveFailed": .int(revision), "error": SessionValues.json(error)])
        case .start, .leave, .moveUp, .moveDown, .toggle, .next, .back, .retry:
            return nil
        }
    }

    package static func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> NavigationEvent {
        let object = try SessionObject(reader, known: [
            "progressLoaded", "loginFinished", "at", "result", "experimentsFetched", "submitFinished", "selection", "error",
            "timerFired", "progressSaved", "progressSaveFailed",
        ])
        let revisions = 0...Int(Int32.max)
        if let loaded = object.optional("progressLoaded") {
            return .progressLoaded(try SessionValues.result(loaded, { value throws(ConfigurationError) in
                value.isNull ? nil : try progress(value)
            }, SessionValues.storeError))
        }
        if let attempt = object.optional("loginFinished") {
            return .loginFinished(
                attempt: try attempt.int(in: 1...1_000_000),
                result: try SessionValues.result(try object("result"), { id throws(ConfigurationError) in try id.string(atMost: 200) },
                                                 SessionValues.apiError),
                at: try object("at").time())
        }
        if let fetched = object.optional("experimentsFetched") {
            return .experimentsFetched(try SessionValues.result(fetched, { value throws(ConfigurationError) in
                try value.choice(Experiment.self)
            }, SessionValues.apiError))
        }
        if let screen = object.optional("submitFinished") {
            let submission = Submission(screen: try screen.choice(FlowScreen.self), selection: try object("selection").string(atMost: 200))
            return .submitFinished(submission, error: try object.optional("error").map { error throws(ConfigurationError) in
                try SessionValues.apiError(error)
            })
        }
        if let id = object.optional("timerFired") { return .timerFired(try id.choice(TimerID.self)) }
        if let revision = object.optional("progressSaved") { return .progressSaved(revision: try revision.int(in: revisions)) }
        if let revision = object.optional("progressSaveFailed") {
            return .progressSaveFailed(try SessionValues.storeError(try object("error")), revision: try revision.int(in: revisions))
        }
        throw reader.error("not an answer the navigation flow receives")
    }

    private static func json(_ progress: NavigationProgress) -> JSONValue {
        .object([
            "screen": .string(progress.screen.rawValue), "experiment": progress.experiment.map { .string($0.rawValue) } ?? .null,
            "b1Selection": .int(progress.b1Selection), "b2Checked": progress.b2Checked.map(JSONValue.int) ?? .null,
            "cameFrom": progress.cameFrom.map { .string($0.rawValue) } ?? .null,
        ])
    }

    private static func progress(_ reader: JSONReader) throws(ConfigurationError) -> NavigationProgress {
        let object = try SessionObject(reader, known: ["screen", "experiment", "b1Selection", "b2Checked", "cameFrom"])
        return NavigationProgress(
            screen: try object("screen").choice(FlowScreen.self),
            experiment: try object.optional("experiment").map { value throws(ConfigurationError) in try value.choice(Experiment.self) },
            b1Selection: try object("b1Selection").int(in: 0...1000),
            b2Checked: try object.optional("b2Checked")?.int(in: 0...1000),
            cameFrom: try object.optional("cameFrom").map { value throws(ConfigurationError) in try value.choice(FlowScreen.self) })
    }
}
