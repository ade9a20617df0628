/// The last answers of a slow look-up that always answers a question the same way: ncurses'
/// `key_defined` walking its key table, the C library's `wcwidth` reading its locale's tables.
/// A key press asks the same few questions each time, and between two presses those tables have
/// left the processor's caches; this keeps the answers in one small block (Docs/performance.md,
/// "The seventh round").
///
/// Direct-mapped: each question has one slot, chosen by its number, and a newer question that
/// falls on the same slot replaces the older one. Questions are numbers below `UInt64.max`.
struct LookUpMemo {
    private var questions: [UInt64]
    private var answers: [Int32]

    /// Room for `slots` answers (rounded up to a power of two).
    init(slots: Int = 32) {
        var count = 1
        while count < slots { count <<= 1 }
        questions = Array(repeating: .max, count: count)
        answers = Array(repeating: 0, count: count)
    }

    /// The answer to `question`: the one kept, or `lookUp`'s, kept from now on.
    mutating func answer(_ question: UInt64, _ lookUp: () -> Int32) -> Int32 {
        precondition(question != .max, "UInt64.max marks an empty slot")
        // Fibonacci hashing: the high bits of the product spread neighbouring numbers apart.
        let slot = Int(truncatingIfNeeded: (question &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - questions.count.trailingZeroBitCount))
            & (questions.count - 1)
        if questions[slot] == question { return answers[slot] }
        let answer = lookUp()
        questions[slot] = question
        answers[slot] = answer
        return answer
    }

    /// Forgets every answer (the table the look-up reads has changed).
    mutating func forgetAll() {
        for slot in questions.indices { questions[slot] = .max }
    }

    /// Up to seven bytes and their count as one question (nil for more: not asked of the memo).
    static func question(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard bytes.count < 8 else { return nil }
        var value = UInt64(bytes.count) << 56
        for (offset, byte) in bytes.enumerated() { value |= UInt64(byte) << (8 * offset) }
        return value
    }
}
