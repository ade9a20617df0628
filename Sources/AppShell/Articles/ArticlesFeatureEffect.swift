import ArticleDetails
import Articles
import Core

/// The articles screen's work: the sync's (`ArticlesRuntime`) and the header images'
/// (`PictureRuntime`), one runner for both.
enum ArticlesFeatureEffect: RunnableEffect, Hashable {
    case articles(ArticlesEffect)
    case pictures(PictureEffect)

    var id: String? {
        switch self {
        case .articles(let effect): effect.id
        case .pictures(let effect): effect.id
        }
    }

    var cancels: [String] {
        switch self {
        case .articles(let effect): effect.cancels
        case .pictures(let effect): effect.cancels
        }
    }
}
