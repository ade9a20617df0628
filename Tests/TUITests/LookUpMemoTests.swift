import Testing
@testable import TUI

@Suite(.timeLimit(.minutes(10))) struct LookUpMemoTests {
    @Test func aQuestionIsLookedUpOnceAndAnsweredFromMemoryAfter() {
        var memo = LookUpMemo(slots: 8)
        var asked: [UInt64] = []
        func answer(_ question: UInt64) -> Int32 {
            memo.answer(question) {
                asked.append(question)
                return Int32(question % 1000) - 7
            }
        }
        #expect(answer(0x1B4F42) == Int32(0x1B4F42 % 1000) - 7)
        #expect(answer(0x1B4F42) == Int32(0x1B4F42 % 1000) - 7)
        #expect(answer(0x25B8) == Int32(0x25B8 % 1000) - 7)
        #expect(answer(0x25B8) == Int32(0x25B8 % 1000) - 7)
        #expect(asked == [0x1B4F42, 0x25B8])
    }

    @Test func everyAnswerIsTheLookUpsWhateverFallsOnTheSameSlot() {
        // Far more questions than slots: answers are replaced, never mixed up.
        var memo = LookUpMemo(slots: 4)
        var lookUps = 0
        for round in 0..<3 {
            for question in UInt64(0)..<64 {
                let answer = memo.answer(question &* 2_654_435_761) {
                    lookUps += 1
                    return Int32(question) * 3
                }
                #expect(answer == Int32(question) * 3, "round \(round), question \(question)")
            }
        }
        #expect(lookUps > 64) // slots were reused
    }

    @Test func forgettingMakesEveryQuestionLookedUpAgain() {
        var memo = LookUpMemo()
        var lookUps = 0
        for _ in 0..<2 { _ = memo.answer(42) { lookUps += 1; return 1 } }
        memo.forgetAll()
        #expect(memo.answer(42) { lookUps += 1; return 2 } == 2)
        #expect(lookUps == 2)
    }

    @Test func upToSevenBytesMakeAQuestionOfTheirOwn() {
        func question(_ bytes: [UInt8]) -> UInt64? { bytes.withUnsafeBufferPointer { LookUpMemo.question($0) } }
        #expect(question([0x1B, 0x4F, 0x42]) == 3 << 56 | 0x42_4F_1B)
        // The count tells apart sequences that differ only by trailing zero bytes.
        #expect(question([0x1B]) != question([0x1B, 0x00]))
        #expect(question([]) == 0)
        #expect(question([1, 2, 3, 4, 5, 6, 7]) != nil)
        #expect(question([1, 2, 3, 4, 5, 6, 7, 8]) == nil)
    }
}
