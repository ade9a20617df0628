import Core
import Testing

/// The start-up's own `joined(separator:)` says what the standard library's says.
@Suite(.timeLimit(.minutes(10))) struct JoinedWordsTests {
    @Test(arguments: [[], [""], ["", ""], ["a"], ["a", ""], ["", "b"], ["navigation", "articles", "profile"], ["é", "👩‍👩‍👧", "x y"]])
    func wordsAreJoinedAsTheStandardLibraryJoinsThem(_ words: [String]) {
        #expect(words.joinedWords(separator: ", ") == words.joined(separator: ", "))
        #expect(words.joinedWords(separator: "") == words.joined())
        #expect(words.dropLast().joinedWords(separator: " · ") == words.dropLast().joined(separator: " · "))
    }
}
