import AppShell
import ArticleDetails
import Contract
import Core
import TUI

/// The header images' runtime, made once for the app's lifetime so the encrypted cache's index
/// is read once: downloads through the app's HTTP client, or the mock backend's generated
/// pictures (endpoint `images`). See Docs/images.md, "In the app".
package enum ArticlePicturesKey: DependencyKey {
    package static func make(_ environment: AppEnvironment) -> PictureRuntime {
        let source: any PictureSource = switch environment.options.backend {
        case .http: HTTPPictureSource(client: environment.httpClient)
        case .mock: MockPictureSource(endpoint: environment.mock.endpoint(.images), clock: environment.clock, monitor: environment.monitor)
        }
        return PictureRuntime(
            source: source, cache: PictureCache(store: environment.store, logger: environment.logger), clock: environment.clock,
            logger: environment.logger,
            // A test's executor runs every step when told; a thread of its own would escape it.
            decodesOffThread: environment.executor == nil)
    }
}

extension AppEnvironment {
    public var articlePictures: PictureRuntime { self[ArticlePicturesKey.self] }
}
