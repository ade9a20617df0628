// One copy of the app for `TwoCopiesOnOneDataFolderTests` (Docs/security.md, "Two copies on one
// data folder"): starts on a data folder as the app does (`AppEnvironment.Inputs.read`, then its store,
// which takes the folder's lock and tidies), then saves its feed's list and new pictures, as the
// articles' runtime does after each sync, again and again until it is killed.
//
// A program of its own, started with posix_spawn: a child forked from the test process would
// inherit its threads' locks (the list's own among them) held by threads it doesn't have.
//
//     TwoCopiesWriter DATA-DIR COPY ROUND      COPY 0: 9,000 articles; 1: 5,000
import AppShell
import ArticleDetails
import Articles
import ArticlesApp
import Contract
import Core
import FoundationEssentials
import Glibc

let arguments = CommandLine.arguments
guard arguments.count == 4, let copy = Int(arguments[2]), (0...1).contains(copy), let round = Int(arguments[3]) else {
    let usage = "usage: TwoCopiesWriter DATA-DIR 0|1 ROUND\n"
    _ = usage.withCString { write(2, $0, strlen($0)) }
    exit(2)
}
var options = LaunchOptions()
options.dataDirectory = arguments[1]
guard let inputs = try? AppEnvironment.Inputs.read(
    options: options, environment: ["CHALLENGE_TUI_KEY": String(repeating: "ab", count: 32)], challenges: [.articles]) else {
    exit(3)
}
let app = AppEnvironment(inputs)
// The store first: either copy may take the lock, whichever feed it has to make.
let store = app.store
let feed = copy == 0
    ? StoredArticles(articles: SampleArticles.articles(count: 9000))
    : StoredArticles(articles: SampleArticles.articles(count: 5000, seed: 2))
// Small, so evictions run (and remove records) in every round.
let pictures = PictureCache(store: store, maxBytes: 6 * 1024)
// Started and about to save: the test times its kill from this line, whatever the machine's load.
_ = "ready\n".withCString { write(1, $0, strlen($0)) }
// Bounded, should the test process die without killing it.
for save in 0..<400 {
    _ = ArticlesCache.save(feed, to: store, at: Date(timeIntervalSince1970: 1_700_000_000))
    for picture in 0..<2 {
        pictures.store(
            Data(repeating: UInt8(truncatingIfNeeded: save), count: 1024),
            for: "http://pictures.example/\(copy)/\(round)/\(save)/\(picture).png")
    }
}
exit(0)
