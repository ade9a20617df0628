import Core

/// The launcher in the screen-reader mode (Docs/screen-reader.md): the challenges as a numbered
/// list, where each stands once the store was read, and the forget question.
extension LauncherFeature {
    package func spoken(at now: Duration) -> Spoken {
        if let question = state.forgetQuestion {
            return Spoken(place: "\(question.ask.title). \(question.ask.question) Type y to forget, or n to keep it.")
        }
        let count = challenges.count, backend = environment.backendDescription
        let said = spokenParts.parts(backend: backend, standings: state.standings, keptNothing: keptNothing) {
            let names = challenges.map(\.title)
            let place = "challenge-tui, on the \(backend). Choose one of \(Spoken.count(count, "challenge")): "
                + Spoken.numbered(names) + ". Type a number and Enter; ? for help, q to quit."
            var standings = challenges.compactMap { challenge in
                state.standings[challenge.id].map { "\(challenge.title): \(Self.spokenSeparators($0))" }
            }
                .joinedWords(separator: ". ")
            if !standings.isEmpty { standings += "." }
            let focus = challenges.indices.map { "\(challenges[$0].title), \($0 + 1) of \(count)" }
            return (place, [Spoken.Topic("standings", standings), Spoken.Topic("kept", keptNothing.map { $0 + "." } ?? "")], focus)
        }
        let selection = state.list.selection
        return Spoken(
            place: said.place, topics: said.topics,
            focus: said.focus.indices.contains(selection) ? said.focus[selection] : "\(state.selected.title), \(selection + 1) of \(count)",
            choices: Spoken.Choices(count: count, selected: selection + 1))
    }

    /// `text` with each " · " said as ", ": byte by byte, as the generic `replacing` took a
    /// tenth of a key press in this mode (Docs/performance.md).
    static func spokenSeparators(_ text: String) -> String {
        let dot: [UInt8] = [0x20, 0xC2, 0xB7, 0x20] // " · "
        var bytes = Array(text.utf8)
        guard bytes.count >= dot.count else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + dot.count <= bytes.count, bytes[index..<(index + dot.count)].elementsEqual(dot) {
                out += [0x2C, 0x20]
                index += dot.count
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        bytes = out
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What the launcher says, made again only when what it is made of changes: the whole text at
/// every ↓ was half of a key press in the screen-reader mode (Docs/performance.md, "The sixth
/// round"), and the line for each place of the selection, made at each ↓, ran the standard
/// library's integer printing and string building, spread over pages of code nothing else on a
/// move touches ("The seventh round"). Shared by the copies of the launcher's value, like its
/// drawings.
final class LauncherSpokenParts {
    private struct Inputs: Equatable {
        var backend: String
        var standings: [ChallengeID: String]
        var keptNothing: String?
    }

    private var made: (inputs: Inputs, place: String, topics: [Spoken.Topic], focus: [String])?

    /// `make`'s place, topics and the focus line for each challenge, as made for these inputs.
    func parts(
        backend: String, standings: [ChallengeID: String], keptNothing: String?,
        make: () -> (String, [Spoken.Topic], [String])
    ) -> (place: String, topics: [Spoken.Topic], focus: [String]) {
        let inputs = Inputs(backend: backend, standings: standings, keptNothing: keptNothing)
        if let made, made.inputs == inputs { return (made.place, made.topics, made.focus) }
        let (place, topics, focus) = make()
        made = (inputs, place, topics, focus)
        return (place, topics, focus)
    }
}
