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
            state.standings[challenge.id].map { "\(challenge.title): \($0.replacing(" · ", with: ", "))" }
        }
            .joined(separator: ". ")
        if !standings.isEmpty { standings += "." }
        let kept = state.hasReadStore ? environment.storeProblem.map { "Nothing will be kept: \($0.summary)." } ?? "" : ""
        return Spoken(
            place: place, topics: [Spoken.Topic("standings", standings), Spoken.Topic("kept", kept)],
            focus: "\(state.selected.title), \(state.list.selection + 1) of \(names.count)",
            choices: Spoken.Choices(count: names.count, selected: state.list.selection + 1))
    }
}
