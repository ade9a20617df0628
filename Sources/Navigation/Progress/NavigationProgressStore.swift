import Core
import FoundationEssentials

/// The returning user's progress in a `RecordStore` (JSON; the real store seals it).
public struct NavigationProgressStore: Sendable {
    public static let defaultRecordName = "navigation.progress"

    public let store: any RecordStore
    public let recordName: String

    public init(store: any RecordStore, recordName: String = Self.defaultRecordName) {
        self.store = store
        self.recordName = recordName
    }

    /// The stored progress, `nil` for a first-time user. A record that can't be decoded or
    /// makes no sense is set aside (under "<name>.damaged", so nothing is silently lost) and
    /// reported as `.damaged`; the next load finds none.
    public func load() throws(StoreError) -> NavigationProgress? {
        guard let data = try store.read(recordName) else { return nil }
        let reason: String
        do {
            let progress = try JSONDecoder().decode(NavigationProgress.self, from: data)
            guard let problem = progress.problem else { return progress }
            reason = problem
        } catch {
            reason = "not a navigation progress record"
        }
        let aside = recordName + ".damaged"
        try store.write(data, to: aside)
        try store.remove(recordName)
        throw .damaged(name: recordName, movedTo: aside, reason: reason)
    }

    /// The stored progress if it can be resumed from, without setting a bad record aside (the
    /// flow does that, and says so, when it opens): for the launcher's line.
    public func peek() throws(StoreError) -> NavigationProgress? {
        guard let data = try store.read(recordName),
              let progress = try? JSONDecoder().decode(NavigationProgress.self, from: data), progress.problem == nil
        else { return nil }
        return progress
    }

    public func save(_ progress: NavigationProgress) throws(StoreError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(progress)
        } catch {
            // Only plain values are encoded; this can't fail, but never crash if it does.
            throw .io("could not encode the navigation progress: \(error)")
        }
        try store.write(data, to: recordName)
    }

    /// Forgets the progress (`--reset` and the launcher's action): the next launch is a
    /// first-time user's.
    public func reset() throws(StoreError) {
        try store.remove(recordName)
    }
}
