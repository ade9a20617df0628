import Core
import CoreTesting
import Foundation
import Testing
@testable import Articles
import Contract

@Suite(.timeLimit(.minutes(10))) struct SampleArticlesTests {
    let samples = SampleArticles.articles()

    @Test func sixtyArticlesWithIdsOneToSixtyByDefault() {
        #expect(samples.count == 60)
        #expect(samples.map(\.id) == Array(1...60))
    }

    @Test func theSameSeedGivesTheSameBytesAndAnotherSeedOthers() {
        #expect(SampleArticles.json() == SampleArticles.json())
        #expect(SampleArticles.articles(count: 60, seed: 7) == SampleArticles.articles(count: 60, seed: 7))
        #expect(SampleArticles.articles(count: 60, seed: 7) != samples)
        // A longer list starts with the shorter one: counts don't reshuffle what's there.
        #expect(Array(SampleArticles.articles(count: 100).prefix(60)) == samples)
    }

    @Test func theBodyDecodesBackToTheSameArticles() throws {
        let decoded = try ArticleDecoder.decode(SampleArticles.json())
        #expect(decoded.articles == samples)
        #expect(decoded.unreadableCount == 0)
        #expect(try ArticleDecoder.decode(SampleArticles.json(count: 0)) == DecodedArticles(articles: []))
    }

    @Test func theBodyIsTheSeedsShape() throws {
        let body = try JSONSerialization.jsonObject(with: SampleArticles.json(count: 3)) as? [[String: Any]]
        let first = try #require(body?.first)
        #expect(Set(first.keys) == ["id", "title", "description", "author", "release_date", "image"])
        #expect(first["id"] as? Int == 1)
        let released = try #require(first["release_date"] as? String)
        #expect(CalendarDate(parsing: released) != nil)
    }

    @Test func someDatesAreEqualSoTheIdTieBreakShows() {
        let dates = samples.map(\.releaseDate)
        #expect(Set(dates).count < dates.count)
        #expect(dates.allSatisfy { (2018...2020).contains($0.year) })
        #expect(Set(dates.map(\.year)).count == 3)
    }

    @Test func descriptionsVaryFromALineToLongParagraphs() {
        let lengths = samples.map(\.description.count)
        #expect(lengths.contains { $0 < 80 })  // fits in two lines of a list row
        #expect(lengths.contains { $0 > 400 })  // needs the ellipsis and the detail page's scrolling
        #expect(samples.allSatisfy { $0.description.first?.isUppercase == true && $0.description.hasSuffix(".") })
    }

    @Test func titlesAreThreeWordsOrMore() {
        #expect(samples.allSatisfy { $0.title.split(separator: " ").count >= 3 })
        #expect(Set(samples.map(\.title)).count > 50)
    }

    @Test func authorsAreAddressesAtReservedDomains() {
        let reserved = ["example.com", "example.org", "example.net", "mail.example", "press.test", "news.example.org"]
        for author in samples.map(\.author) {
            let parts = author.split(separator: "@")
            #expect(parts.count == 2)
            #expect(reserved.contains(String(parts.last ?? "")))
        }
    }

    @Test func imageURLsCoverEveryKindTheDetailPageReads() {
        let images = SampleArticles.articles(count: 200).map(\.image)
        let dummy = images.filter { $0.contains("//dummyimage.com/") }
        #expect(dummy.count > images.count / 2)
        #expect(dummy.contains { $0.range(of: #"/[0-9a-f]{3}/[0-9a-f]{3}$"#, options: .regularExpression) != nil })
        #expect(dummy.contains { $0.range(of: #"\d+x\d+/[0-9a-f]{6}/"#, options: .regularExpression) != nil })
        #expect(dummy.contains { $0.range(of: #"\d+x\d+\.(png|jpg|bmp|gif)$"#, options: .regularExpression) != nil })
        #expect(dummy.contains { $0.range(of: #"\.com/\d+\.jpg/"#, options: .regularExpression) != nil })
        #expect(dummy.contains { $0.hasPrefix("https://") })
        #expect(images.contains { !$0.contains("dummyimage.com") })
    }

    @Test func scalesToAHundredThousandArticles() async throws {
        let big = try await offThePool { SampleArticles.articles(count: 100_000) }
        #expect(big.count == 100_000)
        #expect(big.last?.id == 100_000)
        #expect(Set(big.map(\.id)).count == 100_000)
    }

    @Test func jsonStringsAreEscaped() throws {
        let tricky = Article(
            id: 1, title: "Quote \" backslash \\ tab \t newline \n bell \u{7} é", description: "d", author: "a",
            releaseDate: date("1/2/2003"), image: "i")
        let decoded = try ArticleDecoder.decode(SampleArticles.json(for: [tricky]))
        #expect(decoded.articles == [tricky])
    }
}
