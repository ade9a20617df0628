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
        .target(name: "Core", dependencies: ["COpenSSL"]),
        .target(name: "TUI", dependencies: ["CNcurses"]),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "CNcurses"]),
        .target(name: "Articles", dependencies: ["Core"]),
        .testTarget(name: "ArticlesTests", dependencies: ["Articles", "Core"]),
        .target(name: "ArticleDetails", dependencies: ["Articles"]),
        .testTarget(name: "ArticleDetailsTests", dependencies: ["ArticleDetails", "Articles"]),
        .target(name: "Profile", dependencies: ["Core"]),
        .testTarget(name: "ProfileTests", dependencies: ["Profile", "Core"]),
        .target(name: "Navigation", dependencies: ["Core"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "Core"]),
        .target(
            name: "AppShell",
            dependencies: ["Core", "TUI", "Navigation", "Articles", "ArticleDetails", "Profile"]
        ),
        .testTarget(
            name: "AppShellTests",
            dependencies: ["AppShell", "TUI", "Core", "Navigation", "Articles", "ArticleDetails", "Profile"]
        ),
        .executableTarget(name: "challenge-tui", dependencies: ["AppShell"]),
        .testTarget(name: "EndToEndTests", dependencies: ["challenge-tui"]),
        .target(name: "DevServer", dependencies: ["Core", "Profile"]),
        .executableTarget(name: "challenge-server", dependencies: ["DevServer", "Articles"]),
        .testTarget(name: "DevServerTests", dependencies: ["DevServer", "challenge-server"]),
        // The app's HTTP APIs against the real challenge-server, in process.
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["DevServer", "Core", "Navigation", "Articles", "Profile"]
        ),
        // Measures the release binaries against the budgets of issue 9 (Docs/readme/performance.md).
        .executableTarget(
            name: "challenge-bench",
            dependencies: ["Core", "TUI", "CNcurses", "Articles", "ArticleDetails"]
        ),
        .testTarget(name: "BenchTests", dependencies: ["challenge-bench"]),
    ],
    swiftLanguageModes: [.v6]
)
