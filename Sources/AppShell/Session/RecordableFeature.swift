import Core

/// A feature whose effects' answers a recording can hold: each feature writes its own answers
/// and reads them back (its events travel type-erased through the loop, so only it knows them).
/// Keys and clicks are recorded as keys, so only what effects send back needs writing here.
/// See Docs/recording.md.
package protocol RecordableFeature: Feature {
    /// `event`, an effect's answer, as a recording writes it; nil for an event no effect sends.
    /// Large values go through `blobs`, written once.
    static func recordAnswer(_ event: Event, blobs: SessionBlobs) -> JSONValue?
    /// An answer read back; anything no effect could have sent is an error.
    static func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> Event
    /// Refuses an answer read back that this feature, as it stands, could not have had (the
    /// launcher: a standing for a challenge it does not list).
    func check(replayed event: Event, _ reader: JSONReader) throws(ConfigurationError)
}

extension RecordableFeature {
    package func check(replayed event: Event, _ reader: JSONReader) throws(ConfigurationError) {}
}
