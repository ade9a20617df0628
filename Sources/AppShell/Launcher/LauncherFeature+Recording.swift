import Core

/// The launcher's answers in a recording: what it read of the store (`standings`, `kept`) and
/// what forgetting said (`forgotten`), checked on replay against the challenges it lists
/// (Docs/recording.md).
extension LauncherFeature: RecordableFeature {
    package static func recordAnswer(_ event: Event, blobs: SessionBlobs) -> JSONValue? {
        switch event {
        case .standingsRead(let standings):
            .object(["standings": .object(Dictionary(uniqueKeysWithValues: standings.map { ($0.key.rawValue, .string($0.value)) }))])
        case .keptRead(let index, let isKept): .object(["kept": .int(index), "isKept": .bool(isKept)])
        case .forgotten(let message, let succeeded): .object(["forgotten": .string(message), "succeeded": .bool(succeeded)])
        case .appeared, .left, .firstFrameShown, .uncovered, .move, .open, .askToForget, .question, .layout: nil
        }
    }

    package static func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> Event {
        let object = try SessionObject(reader, known: ["standings", "kept", "isKept", "forgotten", "succeeded"])
        if let index = object.optional("kept") {
            return .keptRead(index: try index.int(in: 0...Int(Int32.max)), isKept: try object("isKept").bool())
        }
        if let message = object.optional("forgotten") {
            return .forgotten(message: try message.string(atMost: SessionFormat.longestText), succeeded: try object("succeeded").bool())
        }
        var standings: [ChallengeID: String] = [:]
        for (id, text) in try object("standings").dictionary() {
            standings[ChallengeID(rawValue: id)] = try text.string(atMost: SessionFormat.longestText)
        }
        return .standingsRead(standings)
    }

    /// A standing for a challenge it does not list, or a read of a row it does not have, is no
    /// answer it could have had.
    package func check(replayed event: Event, _ reader: JSONReader) throws(ConfigurationError) {
        switch event {
        case .standingsRead(let standings):
            for id in standings.keys where Challenge.named(id, in: challenges) == nil {
                throw reader.error("no challenge called \(id.rawValue.quoted())")
            }
        case .keptRead(let index, _) where !challenges.indices.contains(index):
            throw reader.error("no challenge at \(index)")
        default:
            break
        }
    }
}
