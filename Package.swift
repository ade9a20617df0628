// swift-tools-version:6.0
import PackageDescription

// Module graph (arrows point downwards only): executables → AppShell/DevServer →
// domain modules → Core → C modules. See README.md, "Package layout".
let package = Package(
    name: "challenge-tui",
    platforms: [.macOS(.v14)],
    targets: [
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libcurl through dlopen, on the first HTTP request (Sources/CCurl/include/CCurl.h).
        .target(name: "CCurl"),
        // epoll, accept4 and friends, which Glibc's Swift module leaves out (Sources/CEpoll).
        .target(name: "CEpoll"),
        .target(name: "Core", dependencies: ["COpenSSL", "CCurl"]),
        // What tests of every module share: controllable clocks, a scripted HTTP client.
        .target(name: "CoreTesting", dependencies: ["Core"]),
        .target(name: "TUI", dependencies: ["CNcurses"]),
        .testTarget(name: "CoreTests", dependencies: ["Core", "CoreTesting"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "CNcurses"]),
        .target(name: "Articles", dependencies: ["Core"]),
        .testTarget(name: "ArticlesTests", dependencies: ["Articles", "Core", "CoreTesting"]),
        .target(name: "ArticleDetails", dependencies: ["Articles"]),
        .testTarget(name: "ArticleDetailsTests", dependencies: ["ArticleDetails", "Articles"]),
        .target(name: "Profile", dependencies: ["Core"]),
        .testTarget(name: "ProfileTests", dependencies: ["Profile", "Core", "CoreTesting"]),
        .target(name: "Navigation", dependencies: ["Core"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Core", "CoreTesting"]),
        .target(
            name: "AppShell",
            dependencies: ["Core", "TUI", "Navigation", "Articles", "ArticleDetails", "Profile"]
        ),
        .testTarget(
            name: "AppShellTests",
            dependencies: ["AppShell", "TUI", "Core", "Navigation", "Articles", "ArticleDetails", "Profile", "CoreTesting"]
        ),
        .executableTarget(name: "challenge-tui", dependencies: ["AppShell", "Core"]),
        .testTarget(name: "EndToEndTests", dependencies: ["challenge-tui", "challenge-server"]),
        .target(name: "DevServer", dependencies: ["Core", "Profile", "CEpoll"]),
        .executableTarget(name: "challenge-server", dependencies: ["DevServer", "Articles"]),
        .testTarget(name: "DevServerTests", dependencies: ["DevServer", "challenge-server"]),
        // The app's HTTP APIs against the real challenge-server, in process.
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["DevServer", "Core", "Navigation", "Articles", "Profile", "CoreTesting"]
        ),
        // Measures the release binaries against the budgets of issue 9 (Docs/readme/performance.md).
        .executableTarget(
            name: "challenge-bench",
            dependencies: ["Core", "TUI", "CNcurses", "CEpoll", "Articles", "ArticleDetails"]
        ),
        .testTarget(name: "BenchTests", dependencies: ["challenge-bench", "DevServer"]),
    ],
    swiftLanguageModes: [.v6]
)

// Release builds link the Swift runtime and Foundation into the executables: loading them as
// shared libraries costs ~5 ms at every start (README, "Performance"). The modules must be
// compiled against the static resources too, so every Swift target but the tests gets the flag;
// debug builds and tests stay dynamic (the test runners are shared libraries).
let staticInRelease = ["-static-stdlib"]
// The toolchain's lld packs a position-independent executable's relative relocations (tens of
// thousands) into a small table (DT_RELR, glibc 2.36+): ~0.6 ms less at every start, and the
// program keeps its address-space randomisation.
let packedRelocations = ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"]
for target in package.targets where [.regular, .executable].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(staticInRelease, .when(configuration: .release))]
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? [])
            + [.unsafeFlags(staticInRelease + packedRelocations, .when(configuration: .release))]
    }
}
