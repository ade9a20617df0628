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
        .target(name: "Core", dependencies: ["COpenSSL"]),
        .testTarget(name: "CoreTests", dependencies: ["Core"]),
        .target(name: "DevServer", dependencies: ["Core", "COpenSSL"]),
        .executableTarget(name: "challenge-server", dependencies: ["DevServer"]),
        .testTarget(name: "DevServerTests", dependencies: ["DevServer", "challenge-server"]),
    ],
    swiftLanguageModes: [.v6]
)
