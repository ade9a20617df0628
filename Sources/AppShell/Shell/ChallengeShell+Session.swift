import Core
import TUI

/// What the shell does for a recording and a replay (Docs/recording.md): it knows which screen
/// a message is for, so it has that screen's feature write or read the answer; and it knows
/// where a key goes, so a character typed into a password field is written as a placeholder.
extension ChallengeShell {
    /// `event`, addressed to screen `id`, as a recording line: an answer for that screen (written
    /// with its id's number), or a stale answer when it is not on the stack any more (the loop
    /// drops it).
    package func sessionLine(for event: any Sendable, to id: ScreenID, blobs: SessionBlobs) -> SessionLine {
        for (entry, screen) in zip(state.screens, stack) where entry.id == id {
            guard let recordable = screen as? any SessionScreen else { continue }
            // A feature that can't write this answer makes a line a replay reports, rather than
            // a recording that silently replays otherwise.
            let answer = recordable.recordAnswer(event, blobs: blobs)
                ?? .object(["unrecordable": .string(String(describing: type(of: event)))])
            return .answer(screen: id.number, JSONReader(file: "", value: answer))
        }
        return .stale
    }

    /// A recorded answer for screen `number`, as the message the loop handed on.
    package func replayedMessage(screen number: Int, _ reader: JSONReader) throws(ConfigurationError) -> ShellMessage {
        guard let session, let index = state.screens.firstIndex(where: { $0.id.number == number }) else {
            throw reader.error("an answer for screen \(number), which is not open at this point")
        }
        guard let recordable = stack[index] as? any SessionScreen else { throw reader.error("screen \(number) receives no answers") }
        return try recordable.replayAnswer(reader, blobs: session.blobs)
    }

    /// `key` as a recording writes it: `•` for a character typed into a password field.
    package func recordedKey(_ key: Key) -> Key {
        // Keys go to the screen only while no overlay and not the inspector has them.
        guard overlays.isEmpty, !inspectorHasFocus, let top = secretFields.fields(of: top, id: state.top?.id) else { return key }
        return top.maskedForRecording(key) ?? key
    }

    /// The password fields of the top screen (nil when it has none).
    package var secretShapes: [SecretLetters.Shape]? { secretFields.fields(of: top, id: state.top?.id)?.secretShapes }

    /// A replay puts the recorded placeholders into the top screen's password fields.
    package func restoreSecrets(_ placeholders: SecretPlaceholders) {
        secretFields.fields(of: top, id: state.top?.id)?.restoreSecrets(placeholders)
    }
}
