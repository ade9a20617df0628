@testable import AppShell
@testable import ArticlesApp
@testable import challenge_tui
@testable import NavigationApp
@testable import ProfileApp
@testable import Recording

extension ArticlesListView {
    /// Where a row's text starts: marker, space, thumbnail, two spaces.
    static func textIndent(forWidth width: Int) -> Int { 2 + thumbnailSize(forWidth: width).width + 2 }
}
