@testable import AppShell

extension ArticlesListView {
    /// Where a row's text starts: marker, space, thumbnail, two spaces.
    static func textIndent(forWidth width: Int) -> Int { 2 + thumbnailSize(forWidth: width).width + 2 }
}
