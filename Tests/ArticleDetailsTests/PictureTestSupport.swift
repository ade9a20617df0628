import ArticleDetails
import Core
import CoreTesting
import Foundation
import Imaging
import Synchronization

/// A picture source that answers what the test says, counting requests.
final class ScriptedPictureSource: PictureSource {
    enum Answer: Sendable {
        case bytes(Data)
        case failure(APIError)
        /// Sleeps an hour on the clock (a server that never answers).
        case hang(any Clock<Duration>)
    }

    private let answer: Mutex<Answer>
    private let count = Mutex(0)

    init(_ answer: Answer) { self.answer = Mutex(answer) }

    var requests: Int { count.withLock { $0 } }

    func fetch(_ url: String, attempt: Int) async throws(APIError) -> Data {
        count.withLock { $0 += 1 }
        switch answer.withLock({ $0 }) {
        case .bytes(let data): return data
        case .failure(let error): throw error
        case .hang(let clock):
            do { try await clock.sleep(for: .seconds(3600)) } catch { throw .cancelled }
            return Data()
        }
    }
}

/// Events a runtime sent.
final class PictureEvents: Sendable {
    private let events = Mutex<[PictureEvent]>([])
    var all: [PictureEvent] { events.withLock { $0 } }
    var append: @Sendable (PictureEvent) -> Void { { [self] event in events.withLock { $0.append(event) } } }
}

enum PictureFixture {
    static let url = "http://dummyimage.com/640x360.png/5fa2dd/ffffff"
    /// A real PNG of the kind the mock serves.
    static func png() throws -> Data {
        Data(try ImageEncoder.png(DummyImage.render(DummyImageRequest(width: 640, height: 360))))
    }

    /// A dummyimage-style PNG of `width` × `height`, as bytes.
    static func png(width: Int, height: Int) throws -> [UInt8] {
        [UInt8](try ImageEncoder.png(DummyImage.render(DummyImageRequest(width: width, height: height))))
    }

    /// Runs `effect` on `executor` (tests turn it: nothing runs on its own).
    static func start(_ runtime: PictureRuntime, _ effect: PictureEffect, on executor: ManualExecutor, into events: PictureEvents) {
        Task(executorPreference: executor) { await runtime.perform(effect, send: events.append) }
        executor.runUntilIdle()
    }
}
