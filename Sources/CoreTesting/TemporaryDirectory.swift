import Foundation

/// A fresh folder under the system temp dir, removed when the value is released.
public final class TemporaryDirectory {
    public let path: String

    public init() {
        var template = Array((NSTemporaryDirectory() + "/challenge-tests-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        path = made.map { String(cString: $0) } ?? NSTemporaryDirectory() + "/challenge-tests-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The package's root folder (where `Package.swift` is), found from this file's location.
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
