import Glibc
import Synchronization

/// Counts open connections, in all and per source address, for every loop at once: one client
/// holding a thousand idle connections is refused more, while everyone else still gets in (see
/// Docs/server.md, "Limits and deadlines").
final class ConnectionLimiter: Sendable {
    enum Admission: Equatable {
        case admitted
        case serverFull
        case addressFull
    }

    private struct Counts {
        var total = 0
        var perAddress: [UInt32: Int] = [:]
    }

    let maxConnections: Int
    let maxPerAddress: Int
    private let counts = Mutex(Counts())

    init(maxConnections: Int, maxPerAddress: Int) {
        self.maxConnections = maxConnections
        self.maxPerAddress = maxPerAddress
    }

    /// Counts the connection in if there is room; `address` in network order.
    func admit(_ address: UInt32) -> Admission {
        counts.withLock { counts in
            guard counts.total < maxConnections else { return .serverFull }
            let fromAddress = counts.perAddress[address, default: 0]
            guard fromAddress < maxPerAddress else { return .addressFull }
            counts.total += 1
            counts.perAddress[address] = fromAddress + 1
            return .admitted
        }
    }

    func release(_ address: UInt32) {
        counts.withLock { counts in
            counts.total -= 1
            let left = counts.perAddress[address, default: 1] - 1
            counts.perAddress[address] = left > 0 ? left : nil
        }
    }

    var count: Int { counts.withLock { $0.total } }

    /// The default cap: what the open-file limit leaves after `reserve` descriptors for the
    /// listener, the loops and files.
    static func defaultMaxConnections(reserve: Int = 64) -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1000 }
        let soft = limit.rlim_cur == rlim_t.max ? UInt64(1 << 20) : UInt64(limit.rlim_cur)
        return max(16, Int(min(soft, 1 << 20)) - reserve)
    }

    /// Dotted text of a network-order address, for messages.
    static func text(_ address: UInt32) -> String {
        let host = UInt32(bigEndian: address)
        return "\(host >> 24).\(host >> 16 & 255).\(host >> 8 & 255).\(host & 255)"
    }
}
