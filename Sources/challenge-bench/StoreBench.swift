import Core
import Foundation

/// The encrypted store's throughput: sealing (AES-256-GCM + atomic write) and opening (read +
/// authenticate + decrypt) one 10 MB record, in a scratch directory with a fixed key.
struct StoreBench {
    let context: BenchContext
    static let recordSize = 10 * 1024 * 1024

    struct Throughput {
        var seal: Summary?
        var open: Summary?
    }

    enum Measured {
        case throughput(Throughput)
        case failed(String)
    }

    func measure() -> Measured {
        do {
            let key = try EncryptionKey(bytes: Data((0..<32).map { UInt8($0 &* 7 &+ 3) }))
            let store = try EncryptedFileStore(directory: context.scratch + "/store", key: key, time: .system)
            var generator = SeededRandom(seed: 9)
            let record = Data((0..<(Self.recordSize / 8)).flatMap { _ in withUnsafeBytes(of: generator.next()) { Array($0) } })
            var seal: [Double] = [], open: [Double] = []
            let megabytes = Double(Self.recordSize) / 1_000_000
            for _ in 0..<context.options.repetitions {
                var start = ContinuousClock.now
                try store.write(record, to: "bench-record")
                seal.append(megabytes / PseudoTerminalProcess.seconds(ContinuousClock.now - start))
                start = ContinuousClock.now
                let back = try store.read("bench-record")
                open.append(megabytes / PseudoTerminalProcess.seconds(ContinuousClock.now - start))
                guard back == record else { return .failed("the record read back differs from the one written") }
            }
            try store.remove("bench-record")
            return .throughput(Throughput(seal: Summary(seal), open: Summary(open)))
        } catch {
            return .failed(error.message)
        }
    }

    func report(_ measured: Measured) -> [ReportLine] {
        switch measured {
        case .failed(let reason):
            return [.skipped("encrypted store, 10 MB record", because: reason)]
        case .throughput(let throughput):
            var lines: [ReportLine] = []
            if let seal = throughput.seal { lines.append(ReportLine("encrypted store: seal + write 10 MB", seal.formatted("MB/s", digits: 0))) }
            if let open = throughput.open { lines.append(ReportLine("encrypted store: read + open 10 MB", open.formatted("MB/s", digits: 0))) }
            return lines
        }
    }
}
