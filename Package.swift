// swift-tools-version:6.0
import PackageDescription

// Module graph (arrows point downwards only): executables → Recording and the challenges' app
// modules (NavigationApp, ArticlesApp, ProfileApp) → AppShell → TUI → Core → C modules; each app
// module → its domain module → Contract → Core; DevServer → Contract; beside Core,
// CommandLineKit (the options, help, man page and completions) and ShippedConfiguration
// (Config/ compiled in). The server links no feature module. Test doubles live in *Testing
// targets. See Docs/architecture.md.
let package = Package(
    name: "challenge-tui",
    platforms: [.macOS(.v14)],
    targets: [
        // ncursesw and tinfo, named by the module map rather than pkg-config: pkg-config's -L would
        // put the shared libraries ahead of the static ones release builds link (Linker/README.md).
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
        // libcrypto through dlopen, on first use (Sources/COpenSSL/include/COpenSSL.h).
        .target(name: "COpenSSL"),
        // libcurl through dlopen, on the first HTTP request (Sources/CCurl/include/CCurl.h).
        .target(name: "CCurl"),
        // prctl and other system calls Swift can't import (Core's ProcessHardening).
        .target(name: "CSystem"),
        // epoll, accept4 and friends, which Glibc's Swift module leaves out (Sources/CEpoll).
        .target(name: "CEpoll"),
        .target(name: "Core", dependencies: ["COpenSSL", "CCurl", "CSystem"]),
        // The command-line framework every program declares its options with: parsing, --help,
        // the man page, the shell completions (Docs/installing.md, "One declaration").
        .target(name: "CommandLineKit", dependencies: ["Core", "CSystem"]),
        .testTarget(name: "CommandLineKitTests", dependencies: ["CommandLineKit", "Core", "CSystem"]),
        // Config/ compiled in: the default configuration and the shipped scenarios, every
        // challenge's keys among them, so not Core (made by BuiltInConfigurationTests).
        .target(name: "ShippedConfiguration"),
        // libpng and libjpeg-turbo through dlopen, on the first picture decoded or encoded
        // (Sources/CImageCodecs/include/CImageCodecs.h, Docs/images.md).
        .target(name: "CImageCodecs"),
        // Pictures: decode (PNG, JPEG, GIF, BMP) within limits, encode, scale, placeholder pictures.
        .target(name: "Imaging", dependencies: ["CImageCodecs"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "CoreTesting"]),
        // What tests of every module share: controllable clocks, a scripted HTTP client.
        .target(name: "CoreTesting", dependencies: ["Core"]),
        // The features' reducers under test: TestStore (Docs/testing.md). Apart from CoreTesting,
        // which the bench links, because it links Swift Testing, which has no static library.
        .target(name: "ReducerTesting", dependencies: ["Core", "CoreTesting"]),
        .target(name: "TUI", dependencies: ["CNcurses", "CSystem", "Core"]),
        // What tests of the terminal toolkit and the app share: a headless terminal, a poller
        // that never blocks.
        .target(name: "TUITesting", dependencies: ["TUI", "CoreTesting"]),
        .testTarget(name: "CoreTests", dependencies: ["Core", "CoreTesting", "ReducerTesting"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "TUITesting", "CoreTesting", "CNcurses"]),
        // The wire contract the app and challenge-server share: endpoints, envelopes, the
        // profile rules, the sample data.
        .target(name: "Contract", dependencies: ["Core"]),
        .testTarget(name: "ContractTests", dependencies: ["Contract", "Core"]),
        .target(name: "Articles", dependencies: ["Contract", "Core"]),
        .testTarget(name: "ArticlesTests", dependencies: ["Articles", "Contract", "Core", "CoreTesting", "ReducerTesting"]),
        .target(name: "ArticleDetails", dependencies: ["Articles", "Contract", "Core", "Imaging"]),
        .testTarget(name: "ArticleDetailsTests", dependencies: ["ArticleDetails", "Articles", "Contract", "Core", "CoreTesting", "Imaging"]),
        .target(name: "Profile", dependencies: ["Contract", "Core"]),
        .testTarget(name: "ProfileTests", dependencies: ["Profile", "Contract", "Core", "CoreTesting", "ReducerTesting"]),
        .target(name: "Navigation", dependencies: ["Contract", "Core"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Contract", "Core", "CoreTesting", "ReducerTesting"]),
        // The shell every challenge runs in: the screen stack, the launcher, the live tools, the
        // environment, the feature protocol and what a recording asks of a feature and the shell
        // (the format's lines and values). Names no challenge (Docs/architecture.md).
        .target(name: "AppShell", dependencies: ["CommandLineKit", "Core", "ShippedConfiguration", "TUI"]),
        // One app module per challenge: its feature, views, keys, registration and recording codec.
        // They use the shell and never each other.
        .target(name: "NavigationApp", dependencies: ["AppShell", "Navigation", "Contract", "CommandLineKit", "Core", "TUI"]),
        .target(
            name: "ArticlesApp",
            dependencies: ["AppShell", "Articles", "ArticleDetails", "Contract", "CommandLineKit", "Core", "TUI", "Imaging"]
        ),
        .target(name: "ProfileApp", dependencies: ["AppShell", "Profile", "Contract", "CommandLineKit", "Core", "TUI"]),
        // Record and replay: the recorder, the player, the reader, the cast export.
        .target(name: "Recording", dependencies: ["AppShell", "CommandLineKit", "Core", "TUI"]),
        .testTarget(
            name: "AppShellTests",
            dependencies: [
                "AppShell", "NavigationApp", "ArticlesApp", "ProfileApp", "Recording", "challenge-tui", "CommandLineKit",
                "ShippedConfiguration", "TUI", "Contract", "Core", "Navigation", "Articles", "ArticleDetails", "Profile", "CoreTesting",
                "TUITesting", "Imaging", "TwoCopiesWriter", "ReducerTesting",
            ],
            // The screens' snapshots are read from the source tree (`#filePath`), not bundled.
            exclude: ["__Snapshots__", "NavigationFlow/__Snapshots__"]
        ),
        // One copy of the app saving over and over, for the two-copies test (it is killed
        // at random moments; a forked child of the test process would inherit held locks).
        .executableTarget(
            name: "TwoCopiesWriter", dependencies: ["AppShell", "ArticlesApp", "ArticleDetails", "Articles", "Contract", "Core"],
            path: "Tests/TwoCopiesWriter"
        ),
        // The composition root: main, the command line, the list of challenges.
        .executableTarget(
            name: "challenge-tui",
            dependencies: ["AppShell", "Recording", "NavigationApp", "ArticlesApp", "ProfileApp", "CommandLineKit", "Core", "TUI"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["challenge-tui", "challenge-server", "CNcurses"]),
        .target(name: "DevServer", dependencies: ["CommandLineKit", "Contract", "Core", "CEpoll", "Imaging"]),
        .executableTarget(name: "challenge-server", dependencies: ["DevServer", "CommandLineKit", "Core"]),
        .testTarget(
            name: "DevServerTests",
            dependencies: ["DevServer", "CommandLineKit", "Contract", "Core", "CoreTesting", "challenge-server", "Imaging"]
        ),
        // The app's HTTP APIs against the real challenge-server, in process.
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "DevServer", "Contract", "Core", "Navigation", "Articles", "Profile", "CoreTesting", "Imaging", "AppShell", "NavigationApp",
                "ArticlesApp", "ProfileApp",
            ]
        ),
        // Measures the release binaries against their budgets (Docs/performance.md).
        .executableTarget(
            name: "challenge-bench",
            dependencies: [
                "AppShell", "ArticlesApp", "CommandLineKit", "Contract", "Core", "TUI", "TUITesting", "CNcurses", "CEpoll", "Articles",
                "ArticleDetails", "Imaging",
            ]
        ),
        // challenge-server: the bench's one way of starting it is tested on the real program.
        .testTarget(
            name: "BenchTests",
            dependencies: ["challenge-bench", "challenge-tui", "Recording", "challenge-server", "Contract", "CoreTesting", "DevServer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds link the Swift runtime and Foundation into the executables: loading them as
// shared libraries costs ~5 ms at every start (Docs/performance.md). The modules must be
// compiled against the static resources too, so every Swift target but the tests gets the flag;
// debug builds and tests stay dynamic (the test runners are shared libraries).
let staticInRelease = ["-static-stdlib"]
// Code asks for a generic type's metadata (`[Cell]`, `[String: String]`, `Set<Key>`) through its
// accessor, with the conformances it needs, instead of through a mangled name the runtime
// demangles and whose conformances it finds by scanning every conformance record in the program
// (3,700 of them; ~80 µs a scan before the first frame). Every configuration, so the tests run
// the code the release build ships.
let metadataByAccessor = ["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]
// The toolchain's lld packs a position-independent executable's relative relocations (tens of
// thousands) into a small table (DT_RELR, glibc 2.36+): ~0.6 ms less at every start, and the
// program keeps its address-space randomisation.
let packedRelocations = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
// Release executables take libstdc++, its unwinder, ncursesw and tinfo from their static
// archives: the linker finds the scripts in Linker/static, which name the archives, before the
// shared libraries. Loading those shared libraries cost 1.3 ms at every start.
let staticSystemLibraries = ["-L", Context.packageDirectory + "/Linker/static"]
// Each function in a section of its own in release builds, so that the link can lay the code out
// in an order of its choosing (below) and drop what nothing calls.
let functionSections = ["-Xfrontend", "-function-sections"]
// challenge-tui's code in the order of Linker/order/challenge-tui.txt: what a key press runs
// first, then what a start runs. Spread over the program's 12 MB, a key press's 450 functions
// came back into the caches after each pause; together they take a few pages (Linker/README.md,
// "The order of the code"). A name the program no longer has is skipped without a word.
let codeOrder = [
    "-Xlinker", "--symbol-ordering-file=" + Context.packageDirectory + "/Linker/order/challenge-tui.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
]
// The Swift driver exports every symbol of an executable (`--export-dynamic`), 9,625 of them
// for challenge-tui, and the runtime's start-up finds its own image with `dladdr`, which walks
// them all: 250 k instructions and 60 pages of symbols before the first frame. Nothing looks a
// symbol of the program up at run time (the libraries it opens use libc's).
let noExportedSymbols = ["-Xlinker", "--no-export-dynamic"]
// The screens' modules compiled with what a recorded session ran (IR-level profile-guided
// optimisation): the blocks a key press runs laid out together, the rest of each function split
// off to a `.cold` part placed after every named function (Linker/README.md, "The profile").
// Modules outside it (the server, the domain, the store) are built as before, their speed
// measured without a profile's bias. `Linker/profile/generate` builds with
// CHALLENGE_TUI_PROFILE_GENERATE set, which leaves the old profile out of its instrumented build.
let profiledModules: Set<String> = ["TUI", "AppShell", "NavigationApp", "ArticlesApp", "ProfileApp", "challenge-tui"]
let profileGuided = Context.environment["CHALLENGE_TUI_PROFILE_GENERATE"] != nil ? [] : [
    "-Xfrontend", "-ir-profile-use=" + Context.packageDirectory + "/Linker/profile/challenge-tui.profdata",
    "-Xllvm", "-enable-split-machine-functions",
]
// Swift Testing has only a shared library and its module only among the shared resources, so
// the one library that reports through it (ReducerTesting, which no executable links) stays
// dynamic: a plain `swift build -c release` builds every target, this one included.
let reportsThroughSwiftTesting: Set<String> = ["ReducerTesting"]
for target in package.targets where [.regular, .executable].contains(target.type) {
    let staticFlags = reportsThroughSwiftTesting.contains(target.name) ? [] : staticInRelease
    let profile = profiledModules.contains(target.name) ? profileGuided : []
    target.swiftSettings = (target.swiftSettings ?? [])
        + [.unsafeFlags(metadataByAccessor), .unsafeFlags(staticFlags + functionSections + profile, .when(configuration: .release))]
    if target.type == .executable {
        let order = target.name == "challenge-tui" ? codeOrder + noExportedSymbols : []
        target.linkerSettings = (target.linkerSettings ?? [])
            + [.unsafeFlags(staticInRelease + packedRelocations + staticSystemLibraries + order, .when(configuration: .release))]
    }
}

// Fuzz targets (libFuzzer), declared only when .ci/fuzz builds them with CHALLENGE_TUI_FUZZ=1 and
// -sanitize=fuzzer,address: a normal build never sees them. A new target is a line in
// Fuzz/Sources/challenge-fuzz/FuzzTargets.swift plus, for a new module, a name here
// (Docs/testing-fuzzing.md).
if Context.environment["CHALLENGE_TUI_FUZZ"] != nil {
    package.targets += [
        .target(name: "CLibFuzzer", path: "Fuzz/Sources/CLibFuzzer"),
        .executableTarget(
            name: "challenge-fuzz",
            dependencies: [
                "CLibFuzzer", "Core", "Articles", "DevServer", "Imaging", "AppShell", "Recording", "NavigationApp", "ArticlesApp",
                "ProfileApp",
            ],
            path: "Fuzz/Sources/challenge-fuzz",
            // gold fails on the sanitized objects' debug information; the toolchain's lld links them.
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]
        ),
    ]
}
