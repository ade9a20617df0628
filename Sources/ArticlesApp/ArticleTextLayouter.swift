import AppShell
import Core
import TUI

/// The work `ArticleTextLayouts` saves: cutting a title and wrapping a description. The app
/// uses `TextLayout`'s; a test passes one that counts how often the work is done.
package struct ArticleTextLayouter: Sendable {
    /// The title cut to `titleWidth` columns and the description's first `maxLines` lines of
    /// `width` columns.
    package var row: @Sendable (_ title: String, _ description: String, _ titleWidth: Int, _ width: Int, _ maxLines: Int) -> ArticleTextLayouts.Row
    /// The text wrapped to `width` columns, every line.
    package var body: @Sendable (_ text: String, _ width: Int) -> [String]

    package static let text = ArticleTextLayouter(
        row: { title, description, titleWidth, width, maxLines in
            ArticleTextLayouts.Row(
                title: TextLayout.truncate(title, width: titleWidth),
                description: TextLayout.lines(description, width: width, maxLines: maxLines))
        },
        body: { text, width in TextLayout.wrap(text, width: width) })
}
