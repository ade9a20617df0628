import Synchronization
import Testing
@testable import Core

private enum Probe: RunnableEffect, Equatable {
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

private final class Recorder: Sendable {
    let events = Mutex<[String]>([])
    func append(_ event: String) { events.withLock { $0.append(event) } }
    var all: [String] { events.withLock { $0 } }
}

@Suite struct EffectRunnerTests {
    private func makeRunner(_ recorder: Recorder) -> EffectRunner<Probe, String> {
        EffectRunner(
            perform: { effect, send in
                switch effect {
                case .echo(let n): send("echo \(n)")
                case .wait(let id):
                    while !Task.isCancelled { await Task.yield() }
                    send("late \(id)")
                case .stop: break
                }
            },
            send: { recorder.append($0) }
        )
    }

    private func settle(_ runner: EffectRunner<Probe, String>) async {
        while !runner.isIdle { await Task.yield() }
    }

    @Test func eventsOfEffectsAreSent() async {
        let recorder = Recorder()
        let runner = makeRunner(recorder)
        runner.run([.echo(1), .echo(2)])
        await settle(runner)
        #expect(Set(recorder.all) == ["echo 1", "echo 2"])
    }

    @Test func cancellingByIdDropsLateEvents() async {
        let recorder = Recorder()
        let runner = makeRunner(recorder)
        runner.run(.wait("timer"))
        #expect(runner.runningIDs == ["timer"])
        runner.run(.stop("timer"))
        await settle(runner)
        #expect(recorder.all.isEmpty)
        #expect(runner.runningIDs.isEmpty)
    }

    @Test func sameIdReplacesTheRunningEffect() async {
        let recorder = Recorder()
        let runner = makeRunner(recorder)
        runner.run(.wait("a"))
        runner.run(.wait("a"))
        #expect(runner.runningIDs == ["a"])
        runner.cancel("a")
        await settle(runner)
        #expect(recorder.all.isEmpty)
    }

    @Test func cancelAllStopsEverything() async {
        let recorder = Recorder()
        let runner = makeRunner(recorder)
        runner.run([.wait("a"), .wait("b")])
        runner.cancelAll()
        await settle(runner)
        #expect(recorder.all.isEmpty)
    }
}
