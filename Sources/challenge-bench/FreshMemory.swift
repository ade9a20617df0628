import Foundation

/// Writes fresh memory and gives it back, so that the app started next finds memory the machine
/// has just used. On a virtual machine whose host takes back the memory its guest frees (free
/// page reporting, as on the development VM), the first write to memory freed a few seconds
/// earlier waits for the host to supply it again: 61 MB in 2 MB pages took 85–137 ms there,
/// against 4.4 ms for memory freed a moment before. Which of the two a start got followed what
/// the bench had just done (deleting a data folder frees memory a moment before the first sync;
/// the second came a second or two after the first had ended), not the app's work. Writing the
/// same amount before every start was meant to make the starts alike, and does not reliably (the
/// app allocates its buffer some 20 ms later); how long the writing took is reported as the
/// machine's line, which tells a start given slow memory (Docs/performance.md, "Fresh memory on
/// this VM").
enum FreshMemory {
    /// Writes `bytes` of newly mapped memory (in 2 MB pages where the kernel gives them, as the
    /// app's answer buffer asks), unmaps it, and returns how long the writing took, in
    /// milliseconds; nil when the memory could not be had.
    static func touch(bytes: Int) -> Double? {
        let alignment = 2 << 20
        let length = bytes + alignment
        guard let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapping != MAP_FAILED else {
            return nil
        }
        defer { munmap(mapping, length) }
        let start = (Int(bitPattern: mapping) + alignment - 1) & ~(alignment - 1)
        let aligned = UnsafeMutableRawPointer(bitPattern: start)!
        _ = madvise(aligned, bytes, MADV_HUGEPAGE)
        let began = ContinuousClock.now
        memset(aligned, 1, bytes)
        return PseudoTerminalProcess.seconds(ContinuousClock.now - began) * 1000
    }
}
