import Foundation
import Testing
@testable import challenge_bench

@Suite(.timeLimit(.minutes(10))) struct ImageBenchTests {
    @Test func aSmallPictureGoesThroughEveryStepAndIsReported() throws {
        guard case .run(let options) = try BenchOptions.parse(["--runs", "1", "--only", "images"]) else {
            Issue.record("no options")
            return
        }
        #expect(options.sections == [.images])
        let context = BenchContext(
            options: options, tuiPath: "/nonexistent", serverPath: "/nonexistent", dialogPath: nil, nodePath: nil,
            scratch: FileManager.default.temporaryDirectory.path)
        let bench = ImageBench(context: context, side: 64)
        let measured = bench.measure()
        guard case .timings(let timings) = measured else {
            Issue.record("measurement failed: \(measured)")
            return
        }
        #expect(timings.map(\.format) == [.png, .jpeg])
        #expect(timings.allSatisfy { $0.total != nil && $0.cpu != nil && $0.encodedBytes > 0 })
        let lines = bench.report(measured)
        #expect(lines.filter { $0.verdict != .info }.count == 2) // one budget line a format
        #expect(lines.contains { $0.measure.hasPrefix("header image 64×64 PNG") })
        #expect(lines.contains { $0.measure == "header image JPEG: the same, wall time" })
        #expect(lines.filter { $0.verdict != .info }.allSatisfy { $0.measure.hasSuffix("CPU time") })
        let failed = bench.report(.failed("no libpng"))
        #expect(failed == [.skipped("header image: decode + scale + draw", because: "no libpng", budget: "< 30 ms")])
    }

    @Test func thePhotographIsRepeatableAndNotFlat() {
        let a = ImageBench.photograph(side: 32), b = ImageBench.photograph(side: 32)
        #expect(a == b)
        #expect(Set(a.pixels).count > 100)
    }
}
