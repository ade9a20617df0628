import Articles
import Testing
@testable import ArticleDetails
import Contract

@Suite(.timeLimit(.minutes(10))) struct ArticleDateTests {
    private func format(_ text: String) throws -> String {
        ArticleDate.string(from: try #require(CalendarDate(parsing: text)))
    }

    @Test func seedAC_detailDateFormat() throws {
        #expect(try format("7/8/2020") == "Wed, Jul 8, '20")
        #expect(try format("3/23/2020") == "Mon, Mar 23, '20")
    }

    @Test(arguments: [
        ("6/25/2018", "Mon, Jun 25, '18"), ("1/1/2000", "Sat, Jan 1, '00"), ("12/31/2009", "Thu, Dec 31, '09"),
        ("2/29/2020", "Sat, Feb 29, '20"), ("9/28/2019", "Sat, Sep 28, '19"), ("4/15/2018", "Sun, Apr 15, '18"),
        ("5/1/2018", "Tue, May 1, '18"), ("8/5/2018", "Sun, Aug 5, '18"), ("10/31/2018", "Wed, Oct 31, '18"),
        ("11/20/2019", "Wed, Nov 20, '19"), ("1/1/1970", "Thu, Jan 1, '70"), ("7/4/1776", "Thu, Jul 4, '76"),
    ])
    func formatsEveryMonthAndWeekdayInEnglish(text: String, expected: String) throws {
        #expect(try format(text) == expected)
    }
}
