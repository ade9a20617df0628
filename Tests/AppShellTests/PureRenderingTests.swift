@testable import AppShell
import Articles
@testable import ArticlesApp
@testable import challenge_tui
import Contract
import Core
import CoreTesting
import Foundation
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording
import Testing
import TUI

/// Drawing draws (Docs/architecture.md): a frame is a function of the state and the area. What
/// fits (rows, the description's window, the pictures on screen) reaches the state as a layout
/// event before the frame, so rendering the same state twice gives the same cells and leaves
/// the state as it was.
@Suite(.timeLimit(.minutes(10))) struct PureRenderingTests {
    let area = Rect(x: 0, y: 0, width: 80, height: 23)

    private func environment(stored articles: [Article]) throws -> AppEnvironment {
        var options = LaunchOptions()
        options.challenge = .articles
        return AppEnvironment(
            options: options, time: .frozen(), store: try ArticlesFixture.store(with: articles), challenges: Challenge.all)
    }

    private static var manyArticles: [Article] {
        (1...40).map {
            ArticlesFixture.article(
                $0, "Article \($0)", date: (2020, 1 + $0 % 12, 1 + $0 % 28),
                image: "http://dummyimage.com/\(100 + $0)x100.png/5fa2dd/ffffff")
        }
    }

    /// The feature as its screen opens it: appeared, its stored list read at once (as the host
    /// performs that read).
    private func opened(_ feature: ArticlesFeature) -> ArticlesFeature {
        var feature = feature
        for effect in feature.reduce(ArticlesFeature.appeared, at: .zero) {
            if let answer = feature.performAtOnce(effect) { _ = feature.reduce(answer, at: .zero) }
        }
        return feature
    }

    /// Sends the layout event of `area` until the feature agrees with it (once is enough).
    private func layOut(_ feature: inout ArticlesFeature) -> Int {
        var sent = 0
        while let event = feature.layout(area, at: .zero), sent < 5 {
            _ = feature.reduce(event, at: .zero)
            sent += 1
        }
        return sent
    }

    private func render(_ feature: ArticlesFeature) -> Canvas {
        var canvas = Canvas(size: Size(width: area.width, height: area.height))
        _ = feature.render(in: area, on: &canvas, at: .seconds(1))
        return canvas
    }

    @Test func theListRenderedTwiceGivesTheSameCellsAndTheSameState() throws {
        var feature = opened(ArticlesFeature(environment: try environment(stored: Self.manyArticles)))
        #expect(layOut(&feature) == 1, "one layout event makes the state agree with the area")
        let before = (feature.state, feature.list, feature.viewport, feature.pictures)
        let first = render(feature)
        let second = render(feature)
        #expect(first == second)
        #expect(feature.state == before.0 && feature.list == before.1 && feature.viewport == before.2)
        #expect(feature.pictures == before.3, "drawing asks for no picture")
        #expect(first.lines.joined().contains("Articles · 40 articles"))
    }

    @Test func theLayoutEventSaysHowManyRowsFitAndWhichPicturesAreOnScreen() throws {
        var feature = opened(ArticlesFeature(environment: try environment(stored: Self.manyArticles)))
        _ = layOut(&feature)
        let viewport = try #require(feature.viewport)
        let fits = ArticlesListView.Layout(
            in: area, articles: feature.state, status: ArticlesStatus(feature.state, now: .zero, animationStart: .zero)
        ).visibleRows
        #expect(viewport.listRows == fits && feature.list.visibleRows == fits)
        #expect(viewport.images.count == fits)
        #expect(feature.pictures.onScreen == viewport.images, "the reducer asked for the rows' pictures")

        // Moving past the last row on screen scrolls: the next layout names the new rows' pictures.
        for _ in 0..<fits { _ = feature.reduce(.select(.down), at: .zero) }
        #expect(layOut(&feature) == 1)
        let moved = try #require(feature.viewport)
        #expect(moved.images != viewport.images)
        #expect(feature.pictures.onScreen == moved.images)
        #expect(layOut(&feature) == 0, "the same area asks for nothing more")
    }

    @Test func aResizeIsALayoutEventAndNotADrawingSideEffect() throws {
        var feature = opened(ArticlesFeature(environment: try environment(stored: Self.manyArticles)))
        _ = layOut(&feature)
        let rows = feature.list.visibleRows
        var canvas = Canvas(size: Size(width: 120, height: 40))
        _ = feature.render(in: canvas.bounds, on: &canvas, at: .zero)
        #expect(feature.list.visibleRows == rows, "a bigger frame changed nothing")
        let event = try #require(feature.layout(canvas.bounds, at: .zero))
        _ = feature.reduce(event, at: .zero)
        #expect(feature.list.visibleRows > rows)
    }

    @Test func theDetailPageRenderedTwiceIsTheSameAndItsWindowComesFromTheLayout() throws {
        let long = ArticlesFixture.article(
            7, "A long one", date: (2020, 7, 8), description: String(repeating: "Many words to wrap here. ", count: 80))
        var feature = opened(ArticlesFeature(environment: try environment(stored: [long])))
        _ = feature.reduce(.domain(.open(articleID: long.id)), at: .zero)
        #expect(layOut(&feature) == 1)
        let viewport = try #require(feature.viewport)
        #expect(viewport.bodyTotalLines > viewport.bodyLines, "the description overflows its window")
        #expect(viewport.images == [long.image])
        let first = render(feature)
        #expect(first == render(feature))
        #expect(first.lines.joined().contains("↓ more · lines 1–\(viewport.bodyLines) of \(viewport.bodyTotalLines)"))
    }

    @Test func theOtherChallengesRenderTwiceToTheSameCells() {
        let environment = AppEnvironment(options: LaunchOptions(), time: .frozen(), challenges: Challenge.all)
        var navigation = NavigationFeature(environment: environment)
        _ = navigation.reduce(NavigationFeature.appeared, at: .zero)
        var profile = ProfileFeature(environment: environment)
        _ = profile.reduce(ProfileFeature.appeared, at: .zero)
        for draw in [
            { (canvas: inout Canvas) in _ = navigation.render(in: canvas.bounds, on: &canvas, at: .seconds(2)) },
            { (canvas: inout Canvas) in _ = profile.render(in: canvas.bounds, on: &canvas, at: .seconds(2)) },
        ] {
            var first = Canvas(size: Size(width: 80, height: 23)), second = first
            draw(&first)
            draw(&second)
            #expect(first == second)
            #expect(!first.lines.joined().trimmingCharacters(in: .whitespaces).isEmpty)
        }
    }
}
