import Core
import FoundationEssentials
import Imaging

/// The imperative shell of the header images: performs `PictureEffect`s with injected
/// dependencies (the source, the encrypted cache, the clock, the logger) and reports what
/// happened as `PictureEvent`s (Docs/images.md, "In the app").
public struct PictureRuntime: Sendable {
    /// The longest one download may take, on the injected clock.
    public static let timeout: Duration = .seconds(15)

    public var source: any PictureSource
    public var cache: PictureCache
    public var clock: any Clock<Duration>
    public var logger: Logger
    /// Decoding is long CPU work: on a thread of its own in the app (`DetachedThread`), never
    /// the cooperative pool's; inline where a test drives every step.
    public var decodesOffThread: Bool
    /// The formats whose missing library was logged already: once is enough.
    private let missingLibraries = LoggedOnce()

    public init(
        source: any PictureSource, cache: PictureCache, clock: any Clock<Duration>, logger: Logger = .disabled,
        decodesOffThread: Bool = true
    ) {
        self.source = source
        self.cache = cache
        self.clock = clock
        self.logger = logger
        self.decodesOffThread = decodesOffThread
    }

    public func perform(_ effect: PictureEffect, send: @escaping @Sendable (PictureEvent) -> Void) async {
        switch effect {
        case .load(let url, let attempt, let box):
            send(await load(url, attempt: attempt, box: box))
        case .waitToRetry(let url, let delay):
            do { try await clock.sleep(for: delay) } catch { return }
            send(.retryDue(url: url))
        case .cancel:
            break  // the runner cancels `cancels` before this runs
        }
    }

    /// The cached bytes if any, else a download within the timeout; decoded either way, for
    /// `box`.
    func load(_ url: String, attempt: Int, box: PictureSize = Picture.keptBox) async -> PictureEvent {
        if let cached = cache.bytes(for: url) {
            switch await decode(cached, box: box) {
            case .success(let picture): return .loaded(url: url, picture)
            case .failure(let error):
                if case .libraryUnavailable = error { return failed(url, attempt: attempt, error) }
                logger.warning("pictures", "cached picture for \(url) does not decode: \(error.description)")
                cache.remove(url)
            }
        }
        let bytes: Data
        do {
            bytes = try await download(url, attempt: attempt)
        } catch {
            if error != .cancelled { logger.info("pictures", "no picture from \(url) (attempt \(attempt)): \(error.message)") }
            return .failed(url: url, attempt: attempt, .download(error))
        }
        switch await decode(bytes, box: box) {
        case .success(let picture):
            cache.store(bytes, for: url)
            return .loaded(url: url, picture)
        case .failure(let error):
            if case .libraryUnavailable = error { return failed(url, attempt: attempt, error) }
            logger.warning("pictures", "picture from \(url) does not decode: \(error.description)")
            return .failed(url: url, attempt: attempt, .undecodable(error.description))
        }
    }

    /// A picture of a format whose library is not installed: said once a format in the log
    /// ("PNG pictures need libpng16-16 (…)"), never retried (an undecodable picture is not), and
    /// the row draws what the picture describes instead (Docs/images.md, "In the app").
    private func failed(_ url: String, attempt: Int, _ error: ImageError) -> PictureEvent {
        if case .libraryUnavailable(let format, _) = error, missingLibraries.first(format.name) {
            logger.warning("pictures", error.description)
        }
        return .failed(url: url, attempt: attempt, .undecodable(error.description))
    }

    /// The source's answer, or `.timedOut` when `timeout` passes first on the clock.
    private func download(_ url: String, attempt: Int) async throws(APIError) -> Data {
        let source = source, clock = clock
        let result = await withTaskGroup(of: Result<Data, APIError>?.self) { group in
            group.addTask {
                do throws(APIError) { return .success(try await source.fetch(url, attempt: attempt)) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await clock.sleep(for: Self.timeout) } catch { return nil }
                return .failure(.timedOut)
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? .failure(.cancelled)
        }
        return try result.get()
    }

    private func decode(_ data: Data, box: PictureSize) async -> Result<Picture, ImageError> {
        let bytes = [UInt8](data)
        let work: @Sendable () -> Result<Picture, ImageError> = {
            Result { () throws(ImageError) in try Picture.decode(bytes, fitting: box) }
        }
        return decodesOffThread ? await DetachedThread.run(work) : work()
    }
}
