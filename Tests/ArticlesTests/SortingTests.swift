import Foundation
import Testing
@testable import Articles
import Contract

@Suite(.timeLimit(.minutes(10))) struct SortingTests {
    @Test func seedAC4_listSortedByDate() {
        let articles = [
            article(1, "6/25/2018"), article(2, "9/28/2019"), article(3, "3/23/2020"), article(4, "1/1/2019"),
            article(5, "12/31/2019"),
        ]
        #expect(articles.sortedByRelease().map(\.id) == [3, 5, 2, 4, 1])
    }

    @Test func seedAC4_equalDatesAreOrderedById() {
        let articles = [article(9, "7/8/2020"), article(2, "7/8/2020"), article(5, "7/9/2020"), article(4, "7/8/2020")]
        #expect(articles.sortedByRelease().map(\.id) == [5, 2, 4, 9])
    }

    @Test(.enabled(if: capturedFixtureIsPresent, "shared/fixtures/articles-api.json is not next to the package"))
    func seedAC4_capturedResponseSortedNewestFirst() throws {
        let url = try #require(sharedFixture("articles-api.json"))
        let sorted = try ArticleDecoder.decode(try Data(contentsOf: url)).articles.sortedByRelease()
        #expect(sorted.first?.releaseDate == date("3/23/2020"))
        #expect(sorted.last?.releaseDate == date("4/15/2018"))
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { Article.releaseOrder($0, $1) })
    }

    @Test func theOrderIsStrictAndTotal() {
        let a = article(1, "7/8/2020")
        #expect(!Article.releaseOrder(a, a))
        let shuffled = SampleArticles.articles(count: 500).shuffled()
        #expect(shuffled.sortedByRelease() == SampleArticles.articles(count: 500).sortedByRelease())
    }
}
