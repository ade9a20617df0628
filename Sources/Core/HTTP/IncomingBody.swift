import FoundationEssentials
import Glibc

/// An answer's body while it arrives: one buffer of the announced length, filled by the
/// transfer's thread and read, as it fills, by one reader on a thread of its own — so the work
/// on a large answer (decoding 100,000 articles) overlaps its transfer instead of following it
/// (Docs/performance.md, "Articles at scale").
///
/// The reader may rewrite the bytes it has read (the articles are unescaped in place): the
/// transfer only ever writes past `arrived`, the reader only before it. A body that is already
/// whole (`init(complete:)`: the mock backend, a test's answer, an answer of unknown length) reads
/// the same way and never waits.
public final class IncomingBody: @unchecked Sendable {
    /// The bytes the body will hold once whole (its `Content-Length`).
    public let capacity: Int

    private enum Storage {
        /// Filled as it arrives; `release` frees it (unless taken).
        case buffer(UnsafeMutableRawPointer, release: @Sendable (UnsafeMutableRawPointer) -> Void)
        case data(Data)
    }

    private var storage: Storage
    // Guarded by `lock`.
    private var arrivedCount: Int
    private var finished: Bool
    /// What the waiting reader waits for (0: it does not wait): it is woken once, when that has
    /// come, not at every piece the transfer adds.
    private var awaited = 0
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let arrival: UnsafeMutablePointer<pthread_cond_t>

    /// Buffers this large get memory the kernel may back with 2 MB pages: a fresh 61 MB buffer
    /// costs about 15,000 page faults in 4 KB pages (40 ms on the development VM), 30 in 2 MB ones.
    static let largePageThreshold = 2 << 20

    /// An empty body that will receive `capacity` bytes (`append`, then `finish`).
    init(capacity: Int) {
        self.capacity = capacity
        storage = Self.allocate(capacity)
        arrivedCount = 0
        finished = false
        (lock, arrival) = Self.makeLock()
    }

    /// A body that is whole already. It is read (and may be rewritten) in place: a `data` that is
    /// shared elsewhere is copied once, when the reader first writes.
    public init(complete data: Data) {
        capacity = data.count
        storage = .data(data)
        arrivedCount = data.count
        finished = true
        (lock, arrival) = Self.makeLock()
    }

    deinit {
        if case .buffer(let pointer, let release) = storage { release(pointer) }
        pthread_cond_destroy(arrival)
        pthread_mutex_destroy(lock)
        arrival.deallocate()
        lock.deallocate()
    }

    private static func makeLock() -> (UnsafeMutablePointer<pthread_mutex_t>, UnsafeMutablePointer<pthread_cond_t>) {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let arrival = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(arrival, nil)
        return (lock, arrival)
    }

    private static func allocate(_ capacity: Int) -> Storage {
        if capacity >= largePageThreshold {
            // Aligned to 2 MB inside a slightly larger mapping, so every whole 2 MB of it can be
            // a large page (the kernel's "madvise" mode gives them only to regions that ask).
            let alignment = 2 << 20
            let length = capacity + alignment
            if let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapping != MAP_FAILED {
                let start = (Int(bitPattern: mapping) + alignment - 1) & ~(alignment - 1)
                let aligned = UnsafeMutableRawPointer(bitPattern: start)!
                _ = madvise(aligned, capacity, MADV_HUGEPAGE)
                let address = Int(bitPattern: mapping)
                return .buffer(aligned, release: { _ in munmap(UnsafeMutableRawPointer(bitPattern: address), length) })
            }
        }
        return .buffer(UnsafeMutableRawPointer.allocate(byteCount: max(capacity, 1), alignment: 16), release: { $0.deallocate() })
    }

    private func locked<R>(_ work: () -> R) -> R {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return work()
    }

    // MARK: The transfer's side

    /// Adds bytes after those that arrived; false (nothing added) when they would pass
    /// `capacity` or the body is finished.
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard case .buffer(let base, _) = storage, !finishedByTransfer else { return false }
        let start = arrivedByTransfer
        guard bytes.count <= capacity - start else { return false }
        if let source = bytes.baseAddress, bytes.count > 0 { (base + start).copyMemory(from: source, byteCount: bytes.count) }
        locked {
            arrivedCount = start + bytes.count
            if awaited > 0, arrivedCount >= awaited { pthread_cond_signal(arrival) }
        }
        return true
    }

    /// What `arrived` is, read by the transfer's thread: only that thread changes it, so it needs
    /// no lock there.
    var arrivedByTransfer: Int { arrivedCount }
    private var finishedByTransfer: Bool { finished }

    /// No more bytes will come: whole, or cut short (the transfer failed). Wakes the reader.
    func finish() {
        locked {
            finished = true
            pthread_cond_broadcast(arrival)
        }
    }

    // MARK: The reader's side

    /// Bytes that have arrived so far.
    public var arrived: Int { locked { arrivedCount } }

    /// Whether every byte that will come has come (all `capacity` of them, or fewer when the
    /// transfer failed).
    public var isFinished: Bool { locked { finished } }

    /// Waits until `count` bytes have arrived (or the body is finished, with fewer); returns how
    /// many have.
    public func wait(for count: Int) -> Int {
        locked {
            while arrivedCount < count, !finished {
                awaited = count
                pthread_cond_wait(arrival, lock)
                awaited = 0
            }
            return arrivedCount
        }
    }

    /// The whole buffer (`capacity` bytes, of which `arrived` hold the body so far), to read and
    /// rewrite in place.
    public func withUnsafeMutableBytes<R, E: Error>(_ work: (UnsafeMutableRawBufferPointer) throws(E) -> R) throws(E) -> R {
        switch storage {
        case .buffer(let base, _):
            return try work(UnsafeMutableRawBufferPointer(start: base, count: capacity))
        case .data(var data):
            storage = .data(Data())
            defer { storage = .data(data) }
            let result: Result<R, E> = data.withUnsafeMutableBytes { raw in
                do throws(E) { return .success(try work(raw)) } catch { return .failure(error) }
            }
            return try result.get()
        }
    }

    /// The first `count` bytes as `Data`, without a copy: the body hands its buffer over and is
    /// empty afterwards. Only once the body is finished.
    public func take(prefix count: Int) -> Data {
        precondition(count <= capacity)
        switch storage {
        case .buffer(let base, let release):
            storage = .data(Data())
            return Data(bytesNoCopy: base, count: count, deallocator: .custom { pointer, _ in release(pointer) })
        case .data(var data):
            storage = .data(Data())
            data.count = count
            return data
        }
    }
}
