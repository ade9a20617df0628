import CoreTesting
import Glibc
import Testing
@testable import Imaging

/// The decoders refuse a picture that is too large from its header, *before* they allocate its
/// pixels (Docs/images.md, `ImageLimits`): a small file declaring 16000 × 16000 (1 GB of RGBA)
/// costs nothing. The format tests check the error; these measure the memory. Each decode runs
/// in a forked child, alone (no other test allocates there), which reports how far its peak
/// address space (VmPeak) and its peak resident memory (VmHWM, reset first) grew past where
/// they were. A decoder that allocated first and checked after still throws the same error,
/// and fails here.
@Suite(.timeLimit(.minutes(10))) struct PictureLimitEffectTests {
    static let side = 16_000
    /// What a decode that allocates nothing for the picture may still grow by (buffers of a few
    /// KB, malloc's arenas): far below the 1 GB the declared picture would take.
    static let allowedGrowth = 64 << 20

    struct Growth: CustomStringConvertible, Sendable {
        var addressSpace: Int
        var resident: Int
        var outcome: String
        var description: String { "address space +\(addressSpace >> 10) KB, resident +\(resident >> 10) KB: \(outcome)" }
    }

    /// A field of /proc/self/status, in bytes.
    static func status(_ field: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(field + ":") else { continue }
            return (Int(text.dropFirst(field.count + 1).filter(\.isNumber)) ?? -1) * 1024
        }
        return -1
    }

    /// Runs `work` in a forked child and returns how much its memory peaks grew.
    static func inChild(_ work: @escaping @Sendable () -> String) throws -> Growth {
        // A child forked from the many-threaded test runner can deadlock on a lock another
        // thread held at the fork (malloc's, the runtime's) before it runs `work` at all: that
        // attempt is killed and the work forked again, up to three times.
        for _ in 1..<3 {
            if let growth = try inChildOnce(work) { return growth }
        }
        return try inChildOnce(work) ?? Growth(addressSpace: Int.max, resident: Int.max, outcome: "stuck after fork, three times")
    }

    /// nil when the child was stuck and killed.
    private static func inChildOnce(_ work: @escaping @Sendable () -> String) throws -> Growth? {
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        let child = fork()
        if child == 0 {
            ForkedChild.closeInheritedDescriptors(keeping: [pipeEnds[1]])
            // Peak resident memory starts again from what is resident now (Linux's clear_refs).
            if let refs = fopen("/proc/self/clear_refs", "w") { fputs("5", refs); fclose(refs) }
            let size = status("VmSize"), resident = status("VmRSS")
            let outcome = work()
            let report = "\(status("VmPeak") - size) \(status("VmHWM") - resident) \(outcome)"
            _ = report.withCString { write(pipeEnds[1], $0, strlen($0)) }
            _exit(0)
        }
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            // A bound on the wait, so a child stuck in the fork's aftermath fails instead of hanging.
            var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 10_000) > 0 else {
                kill(child, SIGKILL)
                var status: Int32 = 0
                waitpid(child, &status, 0)
                return nil
            }
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        waitpid(child, &status, 0)
        let parts = String(decoding: output, as: UTF8.self).split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count == 3, let space = Int(parts[0]), let resident = Int(parts[1]) else {
            throw ImageError.corrupt(.png, detail: "the child reported \(parts) (status \(status))")
        }
        return Growth(addressSpace: space, resident: resident, outcome: parts[2])
    }

    /// Decodes `bytes` in a child; expects `error` and no growth anywhere near the picture's size.
    func expectRefusedUnallocated(_ bytes: [UInt8], _ error: ImageError) async throws {
        // Once here first: the codec libraries are loaded and the error is the one expected.
        #expect(throws: error) { try ImageDecoder.decode(bytes) }
        // Forking and waiting block: off the cooperative pool.
        let growth = try await offThePool { try Self.inChild {
            do {
                _ = try ImageDecoder.decode(bytes)
                return "decoded"
            } catch {
                return "\(error)"
            }
        } }
        #expect(growth.outcome == "\(error)")
        #expect(growth.addressSpace < Self.allowedGrowth, "\(growth)")
        #expect(growth.resident < Self.allowedGrowth, "\(growth)")
    }

    @Test func aPNGDeclaringAHugePictureIsRefusedBeforeItsPixelsAreAllocated() async throws {
        try await expectRefusedUnallocated(
            HandMadePNG.declaring(width: Self.side, height: Self.side), .pictureTooLarge(.png, width: Self.side, height: Self.side))
    }

    @Test func aJPEGDeclaringAHugePictureIsRefusedBeforeItsPixelsAreAllocated() async throws {
        try await expectRefusedUnallocated(
            JPEGTests.declaring(width: Self.side, height: Self.side), .pictureTooLarge(.jpeg, width: Self.side, height: Self.side))
    }

    @Test func aGIFDeclaringAHugeScreenIsRefusedBeforeItsPixelsAreAllocated() async throws {
        let gif = HandMadeGIF(width: Self.side, height: Self.side, globalPalette: GIFTests.palette, frames: [.init(width: 1, height: 1, indices: [0])])
        try await expectRefusedUnallocated(gif.bytes(), .pictureTooLarge(.gif, width: Self.side, height: Self.side))
    }

    @Test func aBMPDeclaringAHugePictureIsRefusedBeforeItsPixelsAreAllocated() async throws {
        let bmp = HandMadeBMP.file(width: Self.side, height: Self.side, bits: 24, rows: [0, 0, 0, 0])
        try await expectRefusedUnallocated(bmp, .pictureTooLarge(.bmp, width: Self.side, height: Self.side))
    }

    @Test func theMeasureSeesAnAllocationOfThePicturesSize() async throws {
        // What the tests above would see from a decoder that allocated first: an allocation
        // untouched (address space) and one written (resident memory).
        let untouched = try await offThePool { try Self.inChild {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: Self.side * Self.side * 4, alignment: 16)
            defer { memory.deallocate() }
            return "allocated"
        } }
        #expect(untouched.addressSpace >= Self.side * Self.side * 4)
        let written = try await offThePool { try Self.inChild {
            let pixels = [UInt8](repeating: 1, count: 256 << 20)
            return "wrote \(pixels.count)"
        } }
        #expect(written.resident >= 200 << 20)
    }
}
