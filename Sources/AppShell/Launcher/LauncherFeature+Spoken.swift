/// The launcher in the screen-reader mode (Docs/screen-reader.md): the challenges as a numbered
/// list, where each stands once the store was read, and the forget question.
extension LauncherFeature {
    package func spoken(at now: Duration) -> Spoken {
        if let question = state.forgetQuestion {
            return Spoken(place: "\(question.ask.title). \(question.ask.question) Type y to forget, or n to keep it.")
        }
        let names = challenges.map(\.title)
        let backend = environment.backendDescription
        let place = "challenge-tui, on the \(backend). Choose one of \(Spoken.count(names.count, "challenge")): "
            + Spoken.numbered(names) + ". Type a number and Enter; ? for help, q to quit."
        var standings = challenges.compactMap { challenge in
            state.standings[challenge.id].map { "\(challenge.title): \(Self.spokenSeparators($0))" }
        }
            .joined(separator: ". ")
        if !standings.isEmpty { standings += "." }
        let kept = keptNothing.map { $0 + "." } ?? ""
        return Spoken(
            place: place, topics: [Spoken.Topic("standings", standings), Spoken.Topic("kept", kept)],
            focus: "\(state.selected.title), \(state.list.selection + 1) of \(names.count)",
            choices: Spoken.Choices(count: names.count, selected: state.list.selection + 1))
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
