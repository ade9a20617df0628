import CommandLineKit
import Core
import Foundation

// challenge-bench: measures challenge-tui and challenge-server against their budgets (Docs/performance.md)
// and prints one Markdown table. See BenchOptions.usage.

let options: BenchOptions
do {
    switch try BenchOptions.parse(ProgramArguments.afterProgramName(orExitAs: "challenge-bench")) {
    case .help:
        print(BenchOptions.usage)
        exit(0)
    case .run(let parsed):
        options = parsed
    }
} catch {
    FileHandle.standardError.write(Data("challenge-bench: \(error.description)\n\n\(HelpText.shortUsage(BenchOptions.interface))\n".utf8))
    exit(2)
}

let context: BenchContext
do {
    context = try BenchContext(options: options)
} catch {
    FileHandle.standardError.write(Data("challenge-bench: \(error)\n".utf8))
    exit(2)
}

/// Progress goes to stderr, so stdout is the table alone.
func progress(_ text: String) {
    FileHandle.standardError.write(Data("· \(text)\n".utf8))
}

var report = Report()
let sections = options.sections
let load = Machine.loadAverage()

if sections.contains(.memory) {
    // First, while the bench itself is still small.
    progress("memory for 100,000 articles (in process)")
    let scale = ArticlesScaleBench(context: context)
    report.add(contentsOf: scale.report([], memory: scale.memoryFor100k()))
}
if sections.contains(.startup) || sections.contains(.memory) {
    progress("first frames: \(options.startupRuns) starts of challenge-tui" + (context.dialogPath != nil ? " and of dialog" : ""))
    let bench = StartupBench(context: context)
    report.add(contentsOf: bench.report(bench.measure()))
}
if sections.contains(.memory) {
    progress("resident memory with 100,000 articles over HTTP")
    report.add(contentsOf: LargeListBench(context: context).report())
}
if sections.contains(.keys) {
    progress("↓ in dialog and the launcher side by side (true colour, screen-reader mode, recording), then in the article list")
    let bench = KeystrokeBench(context: context)
    let side = bench.launcherAgainstDialog()
    report.add(contentsOf: bench.report(
        launchers: side.launchers, articles: bench.articleList(), dialog: side.dialog, hugeArticles: bench.hugeArticleList(),
        withPictures: bench.articleListWithPictures(), recording: bench.articleListWithAndWithoutRecording()))
}
if sections.contains(.idle) {
    progress("idle launcher and spinner, \(Format.number(options.idleSeconds, digits: 1)) s each")
    let bench = IdleBench(context: context)
    report.add(contentsOf: bench.report(launcher: bench.launcher(), spinner: bench.spinner()))
}
if sections.contains(.articles) {
    progress("articles at 60, 10,000 and 100,000 (in process)")
    let bench = ArticlesScaleBench(context: context)
    do {
        report.add(contentsOf: bench.report(try bench.measure(), memory: nil))
    } catch {
        report.add(.skipped("articles at scale", because: "\(error)"))
    }
}
if sections.contains(.sync) {
    progress("articles synced over HTTP at 60, 10,000 and 100,000, \(ArticlesSyncBench.rounds) rounds")
    let bench = ArticlesSyncBench(context: context)
    report.add(contentsOf: bench.report(bench.measure(counts: options.syncCounts)))
}
if sections.contains(.store) {
    progress("encrypted store, 10 MB record")
    let bench = StoreBench(context: context)
    report.add(contentsOf: bench.report(bench.measure()))
}
if sections.contains(.images) {
    progress("header images: 1000×1000 PNG and JPEG, decode + scale + draw (in process)")
    let bench = ImageBench(context: context)
    report.add(contentsOf: bench.report(bench.measure()))
}
if sections.contains(.server) {
    progress("challenge-server and node's http module under load")
    let bench = ServerBench(context: context)
    report.add(contentsOf: bench.report(bench.measure()))
}

print(report.rendered())
print("")
print("Machine: \(Machine.describe()); load average before the run \(load), after \(Machine.loadAverage()).")
print("\(report.failures) budget line(s) failed.")
context.cleanUp()
exit(report.failures == 0 ? 0 : 1)
