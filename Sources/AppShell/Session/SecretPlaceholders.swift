import Core

/// What a recording keeps of the password fields: per field, a placeholder of the same length
/// and where the cursor stands, never a character typed. Fields holding the same password get
/// the same letter and fields holding different ones different letters, so the form's checks
/// (required, long enough, differs from the current one, matches its confirmation) come out the
/// same on replay (Docs/recording.md, "No secrets").
package struct SecretPlaceholders: Equatable {
    package struct Field: Equatable {
        package var text: String
        package var cursor: Int
    }

    package var fields: [String: Field]

    package init(fields: [String: Field]) { self.fields = fields }

    /// The longest placeholder read.
    package static let longest = 4096

    package var json: JSONValue {
        .object(fields.mapValues { .array([.string($0.text), .int($0.cursor)]) })
    }

    package init(_ reader: JSONReader) throws(ConfigurationError) {
        var fields: [String: Field] = [:]
        for (name, value) in try reader.dictionary() {
            let parts = try value.array()
            guard parts.count == 2 else { throw value.error("expected [placeholder, cursor]") }
            let text = try parts[0].string(atMost: Self.longest)
            guard text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else {
                throw parts[0].error("a placeholder is lowercase letters a-z only")
            }
            fields[name] = Field(text: text, cursor: try parts[1].int(in: 0...text.count))
        }
        self.fields = fields
    }
}

/// Hands out the placeholders as the password fields change, so that a field nobody edited
/// keeps its letter (a replay then leaves it alone, its error message with it).
package struct SecretLetters {
    package init() {}

    private var letters: [String: Character] = [:]
    private var lengths: [String: Int] = [:]

    /// One field as the feature sees it: its length, its cursor, and which other fields hold the
    /// same password (`group`: equal for equal passwords).
    package struct Shape: Equatable {
        package var name: String
        package var length: Int
        package var cursor: Int
        package var group: Int

        package init(name: String, length: Int, cursor: Int, group: Int) {
            self.name = name
            self.length = length
            self.cursor = cursor
            self.group = group
        }
    }

    /// The placeholders for `shapes`.
    package mutating func placeholders(for shapes: [Shape]) -> SecretPlaceholders {
        var changed = shapes.filter { lengths[$0.name] != $0.length || letters[$0.name] == nil }.map(\.name)
        if !isConsistent(shapes, changing: changed) { changed = shapes.map(\.name) }
        for name in changed { letters[name] = nil }
        for shape in shapes where changed.contains(shape.name) {
            let others = shapes.filter { $0.name != shape.name }
            if let twin = others.first(where: { $0.group == shape.group && letters[$0.name] != nil }) {
                letters[shape.name] = letters[twin.name]
            } else {
                let taken = Set(others.compactMap { letters[$0.name] })
                letters[shape.name] = "abcdefghijklmnopqrstuvwxyz".first { !taken.contains($0) } ?? "z"
            }
        }
        var fields: [String: SecretPlaceholders.Field] = [:]
        for shape in shapes {
            lengths[shape.name] = shape.length
            fields[shape.name] = .init(
                text: String(repeating: letters[shape.name] ?? "a", count: shape.length), cursor: shape.cursor)
        }
        return SecretPlaceholders(fields: fields)
    }

    /// Whether the letters of the fields not in `changing` still tell equal passwords from
    /// different ones.
    private func isConsistent(_ shapes: [Shape], changing: [String]) -> Bool {
        let kept = shapes.filter { !changing.contains($0.name) }
        for a in kept {
            for b in kept where a.name < b.name {
                if (a.group == b.group) != (letters[a.name] == letters[b.name]) { return false }
            }
        }
        return true
    }
}
