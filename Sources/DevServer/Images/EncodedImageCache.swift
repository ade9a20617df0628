import Foundation
import Imaging
import Synchronization

/// The last encoded placeholder pictures, least recently used dropped first, bounded in count
/// and in bytes. The articles ask for the same few pictures again and again, and encoding runs
/// on the event loop: a hit costs a dictionary lookup instead of milliseconds of zlib (see
/// Docs/server.md, "Placeholder pictures").
final class EncodedImageCache: Sendable {
    struct Entry: Sendable {
        var body: Data
        var contentType: String
    }

    private struct State {
        var entries: [DummyImageRequest: (entry: Entry, lastUse: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    let maxEntries: Int
    let maxBytes: Int
    private let state = Mutex(State())

    init(maxEntries: Int = 128, maxBytes: Int = 64 * 1024 * 1024) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    /// The cached picture for `request`, or the one `make` encodes (kept when it fits).
    /// `make` runs outside the lock, so another loop is never held up by this one's encoding.
    func picture(for request: DummyImageRequest, make: () throws(ImageError) -> Entry) throws(ImageError) -> Entry {
        if let hit = state.withLock({ state in Self.touch(request, in: &state) }) { return hit }
        let made = try make()
        state.withLock { state in insert(made, for: request, in: &state) }
        return made
    }

    /// Pictures held now, and their bytes (tests).
    var usage: (count: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }

    private static func touch(_ request: DummyImageRequest, in state: inout State) -> Entry? {
        guard let entry = state.entries[request]?.entry else { return nil }
        state.clock += 1
        state.entries[request]?.lastUse = state.clock
        return entry
    }

    private func insert(_ made: Entry, for request: DummyImageRequest, in state: inout State) {
        guard made.body.count <= maxBytes, state.entries[request] == nil else { return }
        while state.entries.count >= maxEntries || state.bytes + made.body.count > maxBytes,
              let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            state.entries[oldest.key] = nil
            state.bytes -= oldest.value.entry.body.count
        }
        state.clock += 1
        state.entries[request] = (made, state.clock)
        state.bytes += made.body.count
    }
}
