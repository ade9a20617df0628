import Contract
import Core
import Foundation
import Testing
@testable import Navigation

/// The launcher's look at the flow's progress: what a returning user resumes, or nothing, and a
/// bad record is left for the flow to set aside and report.
@Suite(.timeLimit(.minutes(10))) struct ProgressPeekTests {
    @Test func peekingReadsTheProgressAndLeavesABadRecordAlone() throws {
        let memory = InMemoryRecordStore()
        let store = NavigationProgressStore(store: memory)
        #expect(try store.peek() == nil)
        let progress = NavigationProgress(screen: .c2, experiment: .screenB2, b2Checked: 2, cameFrom: .b2)
        try store.save(progress)
        #expect(try store.peek() == progress)
        #expect(try store.peek()?.resumePoint == "Screen C2 · Option 3")

        for bad in [Data("not json".utf8), try JSONEncoder().encode(NavigationProgress(screen: .c1, experiment: .screenB1, cameFrom: .b2))] {
            try memory.write(bad, to: NavigationProgressStore.defaultRecordName)
            #expect(try store.peek() == nil)
            #expect(memory.names == [NavigationProgressStore.defaultRecordName], "left for the flow to report")
        }
    }

    @Test func theResumePointNamesTheSelectionOnlyWhereTheScreenHasOne() {
        #expect(NavigationProgress(screen: .b1, experiment: .screenB1, b1Selection: 1).resumePoint == "Screen B1 · Choice B")
        #expect(NavigationProgress(screen: .b2, experiment: .screenB2, b2Checked: 0).resumePoint == "Screen B2 · Option 1")
        #expect(NavigationProgress(screen: .c2, experiment: .noScreenB).resumePoint == "Screen C2")
        #expect(NavigationProgress(screen: .d, experiment: .screenB1, cameFrom: .b1).resumePoint == "Screen D")
        #expect(NavigationProgress(screen: .b1, experiment: .screenB1, b1Selection: 9).resumePoint == "Screen B1", "out of range: none")
    }
}
