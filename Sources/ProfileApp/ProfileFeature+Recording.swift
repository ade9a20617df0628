import AppShell
import Contract
import Core
import Profile
import TUI

/// The profile's answers in a recording (Docs/recording.md): the profile as loaded or saved, and
/// whether a password change went through; never a password (the form's fields are recorded as
/// placeholders, `SecretPlaceholders`) and never the token.
extension ProfileFeature: RecordableFeature {
    package static func recordAnswer(_ event: Event, blobs: SessionBlobs) -> JSONValue? {
        switch event {
        case .domain(.loaded(let result)):
            .object(["loaded": SessionValues.json(result, json, SessionValues.json)])
        case .domain(.basicInformationSaved(let result)):
            .object(["basicInformationSaved": SessionValues.json(result, json, SessionValues.json)])
        case .domain(.passwordChanged(let result)):
            .object(["passwordChanged": SessionValues.json(result, { _ in .bool(true) }, SessionValues.json)])
        // Keys and clicks: recorded as the keys that made them. Listed one by one, so a new
        // answer is a compile error until it is written here.
        case .domain(.appeared), .domain(.retryLoad), .domain(.edit), .domain(.saveBasicInformation), .domain(.changePassword),
             .domain(.left), .focus, .edit:
            nil
        }
    }

    package static func replayAnswer(_ reader: JSONReader, blobs: SessionBlobs) throws(ConfigurationError) -> Event {
        let object = try SessionObject(reader, known: ["loaded", "basicInformationSaved", "passwordChanged"])
        if let loaded = object.optional("loaded") {
            return .domain(.loaded(try SessionValues.result(loaded, profile, SessionValues.apiError)))
        }
        if let saved = object.optional("basicInformationSaved") {
            return .domain(.basicInformationSaved(try SessionValues.result(saved, profile, SessionValues.apiError)))
        }
        if let changed = object.optional("passwordChanged") {
            return .domain(.passwordChanged(try SessionValues.result(changed, { _ in Acknowledgement() }, SessionValues.apiError)))
        }
        throw reader.error("not an answer the profile challenge receives")
    }

    private static func json(_ profile: UserProfile) -> JSONValue {
        .object(["firstName": .string(profile.firstName), "lastName": .string(profile.lastName), "userName": .string(profile.userName)])
    }

    private static func profile(_ reader: JSONReader) throws(ConfigurationError) -> UserProfile {
        let object = try SessionObject(reader, known: ["firstName", "lastName", "userName"])
        return UserProfile(
            firstName: try object("firstName").string(atMost: 4096), userName: try object("userName").string(atMost: 4096),
            lastName: try object("lastName").string(atMost: 4096))
    }
}

/// The password fields in a recording: `•` for every character typed, and after each change
/// placeholders of the same lengths (Docs/recording.md, "No secrets").
extension ProfileFeature: SecretFieldsFeature {
    package func maskedForRecording(_ key: Key) -> Key? {
        guard case .send(.edit(let field, _))? = command(for: key), field.isSecret else { return nil }
        switch key {
        case .char: return .char("•")
        case .paste(let text):
            let kept = text.filter { !$0.unicodeScalars.contains(where: DisplayWidth.isControl) }
            return .paste(String(repeating: "•", count: kept.count))
        default: return nil
        }
    }

    package var secretShapes: [SecretLetters.Shape] {
        let secret = ProfileField.allCases.filter(\.isSecret)
        let texts = secret.map { fields[$0]?.text ?? "" }
        return secret.enumerated().map { index, field in
            SecretLetters.Shape(
                name: field.rawValue, length: texts[index].count, cursor: fields[field]?.cursor ?? 0,
                group: texts.firstIndex(of: texts[index]) ?? index)
        }
    }

    package mutating func restoreSecrets(_ placeholders: SecretPlaceholders) {
        for field in ProfileField.allCases where field.isSecret {
            guard let placeholder = placeholders.fields[field.rawValue] else { continue }
            replacePassword(field, with: placeholder.text, cursor: placeholder.cursor)
        }
    }
}
