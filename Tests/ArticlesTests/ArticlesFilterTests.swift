import Articles
import Contract
import Testing

/// `/` on the article list: which articles a query matches, found in the list's own buffer, and
/// how the filter keeps its matches as the query grows or shrinks (Docs/articles.md, "Finding an
/// article").
@Suite(.timeLimit(.minutes(10))) struct ArticlesFilterTests {
    static let list = ArticleList(SampleArticles.articles())

    /// What a plain search over strings finds: the reference the buffer search must agree with.
    static func expected(_ query: String, in list: ArticleList) -> [Int] {
        let lowered = query.lowercased()
        return list.indices.filter { index in
            let article = list[index]
            return [article.title, article.author, article.description].contains { $0.lowercased().contains(lowered) }
        }
    }

    @Test func matchesTitleAuthorAndDescriptionWhateverTheCase() {
        for query in ["qu", "QU", "Dolor", "e", "@", "zz-none", "amet, c", ".com", "a", "Lorem ipsum"] {
            #expect(Self.list.indices(matching: query) == Self.expected(query, in: Self.list), "\(query)")
        }
        let article = Self.list[7]
        #expect(Self.list.indices(matching: String(article.title.uppercased().dropFirst(2))).contains(7))
        #expect(Self.list.indices(matching: article.author).contains(7))
        #expect(Self.list.indices(matching: "") == Array(Self.list.indices))
    }

    /// A list long enough to be searched in two halves on two threads: the same matches, in order.
    @Test func aLongListSearchedOnTwoThreadsFindsWhatOneWouldInOrder() {
        let long = ArticleList(SampleArticles.articles(count: ArticleList.splitAt + 1_234))
        for query in ["qu", "Quis", "e", "zz-none"] {
            #expect(long.indices(matching: query) == Self.expected(query, in: long), "\(query)")
        }
        let some = Array(stride(from: 3, to: long.count, by: 2))
        #expect(long.indices(matching: "a", among: some) == Self.expected("a", in: long).filter { $0 % 2 == 1 && $0 >= 3 })
    }

    static func day(_ day: Int) -> CalendarDate { CalendarDate(year: 2020, month: 1, day: day) ?? CalendarDate(year: 2020, month: 1, day: 1)! }

    @Test func aQueryWithOtherLettersIsComparedAsLowerCase() {
        let list = ArticleList([
            Article(id: 1, title: "Ærø by ferry", description: "x", author: "a@b.c", releaseDate: Self.day(1), image: ""),
            Article(id: 2, title: "Plain", description: "Über alles", author: "a@b.c", releaseDate: Self.day(2), image: ""),
        ])
        #expect(list.indices(matching: "ærø") == [0])
        #expect(list.indices(matching: "ÜBER") == [1])
        #expect(list.indices(matching: "ber") == [1], "ASCII bytes inside other letters' text")
    }

    @Test func typingOnNarrowsAndDeletingWidensAgain() {
        var filter = ArticlesFilter()
        #expect(!filter.isActive)
        #expect(filter.headerText(total: 60) == nil)
        filter.update(query: "d", in: Self.list)
        #expect(filter.matches == Self.expected("d", in: Self.list))
        filter.update(query: "do", in: Self.list)
        #expect(filter.matches == Self.expected("do", in: Self.list))
        filter.update(query: "dol", in: Self.list)
        #expect(filter.matches == Self.expected("dol", in: Self.list))
        filter.update(query: "d", in: Self.list)
        #expect(filter.matches == Self.expected("d", in: Self.list), "a shorter query searches the whole list")
        let count = Self.expected("d", in: Self.list).count
        #expect(filter.headerText(total: 60) == "\(count) of 60 match \u{201C}d\u{201D}")
        filter.update(query: "", in: Self.list)
        #expect(!filter.isActive)
    }

    @Test func rowsMapToArticlesAndBack() {
        var filter = ArticlesFilter()
        #expect(filter.articleIndex(atRow: 5) == 5)
        #expect(filter.row(ofArticleAt: 5) == 5)
        filter.update(query: "dolor", in: Self.list)
        guard let matches = filter.matches else { Issue.record("no matches"); return }
        #expect(matches.count >= 2)
        #expect(filter.rowCount(of: 60) == matches.count)
        for (row, index) in matches.enumerated() {
            #expect(filter.articleIndex(atRow: row) == index)
            #expect(filter.row(ofArticleAt: index) == row)
        }
        #expect(filter.articleIndex(atRow: matches.count) == nil)
        if let missing = Self.list.indices.first(where: { !matches.contains($0) }) {
            #expect(filter.row(ofArticleAt: missing) == nil)
        }
    }

    @Test func aNewListIsSearchedWithTheSameQuery() {
        var filter = ArticlesFilter()
        filter.update(query: "dolor", in: ArticleList())
        #expect(filter.matches == [])
        filter.refresh(in: Self.list)
        #expect(filter.matches == Self.expected("dolor", in: Self.list))
    }
}
