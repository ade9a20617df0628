import CoreTesting
import Synchronization
import Testing
@testable import Core

enum ProbeEffect: RunnableEffect, Equatable {
    case echo(Int)
    case wait(String)
    case stop(String)

    var id: String? {
        if case .wait(let id) = self { return id }
        return nil
    }

    var cancels: [String] {
        if case .stop(let id) = self { return [id] }
        return []
    }
}

final class EventRecorder: Sendable {
    let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

/// The runner on a `ManualExecutor` and a `ManualClock`: effects run exactly when the test turns
/// the executor, so every assertion is about a settled state.
@Suite(.timeLimit(.minutes(10))) struct EffectRunnerTests {
    let recorder = EventRecorder()
    let executor = ManualExecutor()
    let clock = ManualClock()

    private func makeRunner() -> EffectRunner<ProbeEffect, String> {
        EffectRunner(
            executor: executor,
            perform: { [clock] effect, send in
                switch effect {
                case .echo(let n): send("echo \(n)")
                case .wait(let id):
                    // A long wait: only a cancellation (or the clock) ends it.
                    try? await clock.sleep(for: .seconds(3600))
                    send("late \(id)")
                case .stop: break
                }
            },
            send: { recorder.append($0) }
        )
    }

    @Test func eventsOfEffectsAreSentWhenTheyRun() {
        let runner = makeRunner()
        runner.run([.echo(1), .echo(2)])
        #expect(recorder.all.isEmpty, "nothing runs before the executor is turned")
        executor.runUntilIdle()
        #expect(recorder.all == ["echo 1", "echo 2"])
    }

    @Test func cancellingByIdDropsLateEvents() {
        let runner = makeRunner()
        runner.run(.wait("timer"))
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
        runner.run(.stop("timer"))
        executor.runUntilIdle()
        #expect(recorder.all.isEmpty)
        #expect(clock.sleeperCount == 0)
    }

    @Test func aFinishedWaitSendsItsEvent() {
        let runner = makeRunner()
        runner.run(.wait("timer"))
        executor.runUntilIdle()
        clock.advance(by: .seconds(3600))
        executor.runUntilIdle()
        #expect(recorder.all == ["late timer"])
        #expect(clock.sleeperCount == 0)
        // Its id is free again: a new effect under it runs.
        runner.run(.wait("timer"))
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1)
    }

    @Test func sameIdReplacesTheRunningEffect() {
        let runner = makeRunner()
        runner.run(.wait("a"))
        runner.run(.wait("a"))
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1, "the first was cancelled before it slept")
        runner.cancel("a")
        executor.runUntilIdle()
        #expect(recorder.all.isEmpty)
    }

    @Test func cancelAllStopsEverything() {
        let runner = makeRunner()
        runner.run([.wait("a"), .wait("b")])
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 2)
        runner.cancelAll()
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(3600))
        executor.runUntilIdle()
        #expect(recorder.all.isEmpty)
    }

    @Test func cancelAllKeepsWhatItIsToldToKeep() {
        let runner = makeRunner()
        runner.run([.wait("save"), .wait("fetch")])
        executor.runUntilIdle()
        runner.cancelAll(keeping: { $0 == "save" })
        executor.runUntilIdle()
        #expect(clock.sleeperCount == 1, "only the save still waits")
        clock.advance(by: .seconds(3600))
        executor.runUntilIdle()
        #expect(recorder.all == ["late save"])
    }
}
