import Articles
import Testing
@testable import ArticleDetails
import Contract

@Suite(.timeLimit(.minutes(10))) struct ArticleDetailTests {
    @Test func seedAC_detailShowsImageTitleContentAuthorAndDate() throws {
        let article = Article(
            id: 4, title: "Realigned multimedia framework", description: "nisl aenean lectus pellentesque",
            author: "sfolley0@example.com", releaseDate: try #require(CalendarDate(parsing: "7/8/2020")),
            image: "http://dummyimage.com/366x582.png/5fa2dd/ffffff")
        let detail = ArticleDetail(article)
        #expect(detail.id == 4)
        #expect(detail.title == "Realigned multimedia framework")
        #expect(detail.body == "nisl aenean lectus pellentesque")
        #expect(detail.author == "sfolley0@example.com")
        #expect(detail.date == "Wed, Jul 8, '20")
        #expect(detail.image.label == "366 × 582")
    }

    @Test func everySampleArticleHasADetailPage() {
        for article in SampleArticles.articles() {
            let detail = ArticleDetail(article)
            #expect(!detail.date.isEmpty)
            #expect(!detail.image.label.isEmpty)
        }
    }
}
