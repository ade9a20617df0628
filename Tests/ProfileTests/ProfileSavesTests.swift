import Contract
import Core
import CoreTesting
import Foundation
import Testing
@testable import Profile

/// When the profile was last saved, for the launcher: noted by the runtime after a save that
/// succeeded, never one that failed; only the kind and the time are kept.
@Suite(.timeLimit(.minutes(10))) struct ProfileSavesTests {
    @Test func theRuntimeNotesEachSuccessfulSaveAndNothingElse() async throws {
        let store = InMemoryRecordStore()
        let clock = ManualClock()
        let api = MockProfileAPI(clock: clock)
        let runtime = ProfileRuntime(api: api, saves: ProfileSaves(store: store, time: .driven(by: clock)))
        await runtime.perform(.fetchProfile) { _ in }
        #expect(try ProfileSaves.last(in: store) == nil, "a load is no save")

        clock.advance(by: .seconds(60))
        await runtime.perform(.updateProfile(firstName: "Ada", lastName: "Lovelace")) { _ in }
        #expect(try ProfileSaves.last(in: store) == ProfileSaves.Record(kind: .names, at: testEpoch.timeIntervalSince1970 + 60))

        clock.advance(by: .seconds(60))
        await runtime.perform(.changePassword(current: Secret("wrong"), new: Secret("correct horse"), confirmation: Secret("correct horse"))) { _ in }
        #expect(try ProfileSaves.last(in: store)?.kind == .names, "a refused change is not noted")
        await runtime.perform(.changePassword(
            current: Secret("password123"), new: Secret("correct horse"), confirmation: Secret("correct horse"))) { _ in }
        let last = try #require(try ProfileSaves.last(in: store))
        #expect(last.kind == .password && last.date == testEpoch.addingTimeInterval(120))
        let record = try #require(try store.read(ProfileSaves.recordName))
        #expect(!String(decoding: record, as: UTF8.self).contains("correct horse"), "no secret kept")
    }

    @Test func aRecordThatIsNotOneReadsAsNone() throws {
        let store = InMemoryRecordStore([ProfileSaves.recordName: Data("[]".utf8)])
        #expect(try ProfileSaves.last(in: store) == nil)
    }
}
