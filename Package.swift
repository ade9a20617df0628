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
    ],
    swiftLanguageModes: [.v6]
)
