@testable import AppShell
import ArticleDetails
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import Navigation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// The timeline's rows read as a user would say them, never as the code's case names
/// (Docs/recording.md, "The timeline").
@Suite(.timeLimit(.minutes(10))) struct TimelineWordsTests {
    static var environment: AppEnvironment { AppEnvironment(options: LaunchOptions(), time: .frozen(), challenges: Challenge.all) }

    @Test func theProfilesRowsNameFieldsAndButtonsAsTheScreenDoes() {
        let profile = ProfileFeature(environment: Self.environment)
        #expect(profile.timelineName(of: .focus(.field(.newPassword)), at: .zero) == "focus: New password")
        #expect(profile.timelineName(of: .focus(.field(.passwordConfirmation)), at: .zero) == "focus: Re-enter password")
        #expect(profile.timelineName(of: .focus(.back), at: .zero) == "focus: Back")
        #expect(profile.timelineName(of: .focus(.save(.basicInformation)), at: .zero) == "focus: Basic information button")
        #expect(profile.timelineName(of: .edit(.firstName, .char("A")), at: .zero) == "typing in First name: A")
        #expect(profile.timelineName(of: .edit(.newPassword, .char("x")), at: .zero) == "typing in New password")
        #expect(profile.timelineName(of: .domain(.saveBasicInformation), at: .zero) == "save basic information")
        #expect(profile.timelineName(of: .domain(.loaded(.failure(.timedOut))), at: .zero) == "profile answer: timeout")
    }

    @Test func theArticlesRowsSayWhatHappened() throws {
        let articles = ArticlesFeature(environment: Self.environment)
        let box = PictureSize(width: 8, height: 8)
        let layout = ArticlesViewport(listRows: 6, bodyLines: 0, bodyTotalLines: 0, images: ["http://x/1.png"], imageBox: box)
        #expect(articles.timelineName(of: .viewport(layout), at: .zero).hasPrefix("layout: 6 rows, 1 picture on screen"))
        let one = ArticlesViewport(listRows: 1, bodyLines: 0, bodyTotalLines: 0, images: ["a", "b"], imageBox: box)
        #expect(articles.timelineName(of: .viewport(one), at: .zero).hasPrefix("layout: 1 row, 2 pictures on screen"))
        #expect(articles.timelineName(of: .domain(.cacheSaved(nil)), at: .zero).hasPrefix("stored list saved"))
        #expect(articles.timelineName(of: .select(.pageDown), at: .zero).hasPrefix("selection a page down"))
        #expect(articles.timelineName(of: .domain(.dismissNotice), at: .zero).hasPrefix("notice dismissed"))
        #expect(articles.timelineName(of: .pictures(.left), at: .zero).hasPrefix("pictures let go"))
        for event: ArticlesFeature.Event in [.domain(.appeared), .domain(.retry), .domain(.close), .scroll(.home), .domain(.timerFired(.retry))] {
            let text = articles.timelineName(of: event, at: .zero)
            #expect(!text.contains("domain") && !text.contains("(") && text.range(of: #"[a-z][A-Z]"#, options: .regularExpression) == nil, "\(text)")
        }
    }

    @Test func theFlowsRowsSayWhatHappened() {
        let flow = NavigationFeature(environment: Self.environment)
        #expect(flow.timelineName(of: .moveDown, at: .zero).hasPrefix("selection down · "))
        #expect(flow.timelineName(of: .timerFired(.loginRetry), at: .zero).hasPrefix("time for the next sign-in try · "))
        #expect(flow.timelineName(of: .timerFired(.cMinimum), at: .zero).hasPrefix("C's 3 seconds are up · "))
        #expect(flow.timelineName(of: .progressSaved(revision: 3), at: .zero).hasPrefix("progress saved · "))
    }
}
