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

    package var id: ArticlesFeatureEffectID? {
        switch self {
        case .storedListStart: .articles(.load)
        case .articles(let effect): effect.id.map { .articles($0) }
        case .pictures(let effect): effect.id.map { .pictures($0) }
        }
    }

    package var cancels: [ArticlesFeatureEffectID] {
        switch self {
        case .storedListStart: []
        case .articles(let effect): effect.cancels.map { .articles($0) }
        case .pictures(let effect): effect.cancels.map { .pictures($0) }
        }
    }
}

/// The ids of the screen's effects: the sync's and the pictures', kept apart.
package enum ArticlesFeatureEffectID: Hashable, Sendable {
    case articles(ArticlesEffectID)
    case pictures(PictureEffectID)
}
