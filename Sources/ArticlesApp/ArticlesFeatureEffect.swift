import AppShell
import ArticleDetails
import Articles
import Core
import TUI

/// The articles screen's work: the sync's (`ArticlesRuntime`) and the header images'
/// (`PictureRuntime`), one runner for both.
package enum ArticlesFeatureEffect: RunnableEffect, Hashable {
    case articles(ArticlesEffect)
    case pictures(PictureEffect)
    /// The start of the stored list, read as the screen opens (`ArticlesFeature.performAtOnce`)
    /// → `.cacheLoaded`.
    case storedListStart

    package var id: String? {
        switch self {
        case .storedListStart: ArticlesEffectID.load.rawValue
        case .articles(let effect): effect.id
        case .pictures(let effect): effect.id
        }
    }

    package var cancels: [String] {
        switch self {
        case .storedListStart: []
        case .articles(let effect): effect.cancels
        case .pictures(let effect): effect.cancels
        }
    }
}
