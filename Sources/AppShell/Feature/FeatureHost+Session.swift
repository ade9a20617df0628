import Core
import TUI

/// How a recording addresses a feature's screen: its answers written and read back by the
/// feature (Docs/recording.md).
extension FeatureHost: SessionScreen {
    package func pushed(as id: ScreenID) { self.id = id }

    package func recordAnswer(_ event: any Sendable, blobs: SessionBlobs) -> JSONValue? {
        guard let event = event as? F.Event else { return nil }
        return F.recordAnswer(event, blobs: blobs)
    }

    package func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> ShellMessage {
        let event = try F.replayAnswer(reader, blobs: blobs)
        try feature.check(replayed: event, reader)
        return .event(event, to: id)
    }
}

/// The password fields of a feature's screen, as a recording masks them.
extension FeatureHost: SecretFieldsScreen where F: SecretFieldsFeature {
    package func maskedForRecording(_ key: Key) -> Key? { feature.maskedForRecording(key) }
    package var secretShapes: [SecretLetters.Shape] { feature.secretShapes }
    package func restoreSecrets(_ placeholders: SecretPlaceholders) { replaceFeature { $0.restoreSecrets(placeholders) } }
}
