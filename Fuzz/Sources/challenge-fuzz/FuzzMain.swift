import CLibFuzzer
import Glibc

/// `challenge-fuzz TARGET [libFuzzer flags and corpus folders…]`: runs libFuzzer on one of
/// `fuzzTargets`. Built only by `.ci/fuzz` (with -sanitize=fuzzer,address); see
/// Docs/testing-fuzzing.md.
@main
enum FuzzMain {
    /// The target libFuzzer's callback runs (set once, before the driver starts).
    nonisolated(unsafe) static var target: (@Sendable (UnsafeRawBufferPointer) -> Void)?

    static func main() {
        let names = fuzzTargets.map(\.name)
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let chosen = fuzzTargets.first(where: { $0.name == arguments[1] }) else {
            let usage = "usage: challenge-fuzz TARGET [libFuzzer flags] [corpus folders]\ntargets: \(names.joined(separator: " "))\n"
            _ = usage.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            exit(2)
        }
        target = chosen.run
        // One empty input first: what a target makes once (a store, a folder, lazy globals such
        // as a key check's label) is made before libFuzzer counts allocations, so LeakSanitizer
        // does not take a one-time allocation for an input's leak.
        chosen.run(UnsafeRawBufferPointer(start: nil, count: 0))
        // libFuzzer sees the program name and everything after the target's name.
        var argv: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
        var argc = Int32(argv.count - 1)
        let status = argv.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var base = buffer.baseAddress
            return LLVMFuzzerRunDriver(&argc, &base, fuzzOneInput)
        }
        exit(status)
    }
}

/// libFuzzer's callback: one input to the chosen target. Also exported under the name libFuzzer's
/// own main expects, which -sanitize=fuzzer links in (SwiftPM's entry point wins over it).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzMain.target?(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
