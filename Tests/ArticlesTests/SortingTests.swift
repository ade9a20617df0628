import Core
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

    /// The list's own sort (a radix sort on the day, then ids within a day) puts rows where the
    /// comparison does, ties and all: days shared by many, ids out of order and repeated.
    @Test(arguments: [1, 2, 3, 4])
    func theListsSortOrdersRowsAsTheComparisonDoes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let days = (0..<(seed == 1 ? 1 : 40)).map { _ in Int(random.next() % 20_000) }
        let articles = (0..<3_000).map { index in
            let day = days[Int(random.next() % UInt64(days.count))]
            // Ids ascend in half of the lists, as feeds send them; repeat in the others.
            let id = seed % 2 == 0 ? index : Int(random.next() % 500) - 100
            return Article(
                id: id, title: "t\(index)", description: "", author: "",
                releaseDate: CalendarDate(daysSinceEpoch: day - 10_000)!, image: "")
        }
        var list = ArticleList(articles)
        list.sortRows()
        #expect(list.isSortedByRelease)
        // The stable comparison sort of the same articles: equal day and id keep the feed's order.
        let expected = articles.enumerated().sorted { lhs, rhs in
            Article.releaseOrder(lhs.element, rhs.element)
                || !Article.releaseOrder(rhs.element, lhs.element) && lhs.offset < rhs.offset
        }.map(\.element)
        #expect(wholeListsEqual(Array(list) == expected))
    }

    @Test func listsOfNoneOrOneArticleStayAsTheyAre() {
        var empty = ArticleList()
        empty.sortRows()
        #expect(empty.isEmpty)
        var one = ArticleList([article(1, "7/8/2020")])
        one.sortRows()
        #expect(one.map(\.id) == [1])
    }

    @Test func theOrderIsStrictAndTotal() {
        let a = article(1, "7/8/2020")
        #expect(!Article.releaseOrder(a, a))
        let shuffled = SampleArticles.articles(count: 500).shuffled()
        #expect(wholeListsEqual(shuffled.sortedByRelease() == SampleArticles.articles(count: 500).sortedByRelease()))
    }
}
