import Core
import TUI

/// What the shell says in the screen-reader mode (Docs/screen-reader.md): the top overlay's
/// words, or else the top screen's; then its own: the toast, the notice, and each request the
/// network inspector lists as it ends.
extension ChallengeShell {
    package func spoken(at now: Duration) -> Spoken {
        var spoken: Spoken
        switch overlays.last {
        case .help?:
            spoken = Spoken(place: Self.spokenHelp(help(in: Rect(x: 0, y: 0, width: 80, height: 24), at: now)))
        case .leaveConfirmation(let dialog)?:
            spoken = Spoken(place: "\(dialog.ask.title). \(dialog.ask.question) Type y to leave, or n to stay.")
        case .faults(let panel)?:
            spoken = Self.spokenFaultPanel(panel)
        case .timeline(let timeline)?:
            spoken = spokenTimeline(timeline)
        case nil:
            spoken = top?.spoken(at: now) ?? Spoken(place: "")
        }
        if let toast = state.toast, toast.owner == state.top?.id {
            spoken.topics.append(Spoken.Topic("toast", Spoken.sentence(toast.toast.message)))
        }
        if let notice = state.notice { spoken.topics.append(Spoken.Topic("notice", Spoken.sentence(notice.message))) }
        if inspector != nil {
            // Each request once, when it ends.
            for activity in network.history where !activity.isPending {
                spoken.topics.append(Spoken.Topic("request \(activity.id)", Self.spokenRequest(activity), once: true))
            }
        }
        return spoken
    }

    /// "GET /rLogin: 500 after 1.4 seconds, attempt 2."
    package static func spokenRequest(_ activity: NetworkActivity) -> String {
        let took = activity.duration.map { " after " + Spoken.duration($0) } ?? ""
        return "\(activity.method) \(activity.path): \(InspectorModel.status(activity.outcome))\(took), attempt \(activity.attempt)."
    }

    /// Help as lines: what the screen waits for, then each guide's keys and what they do.
    package static func spokenHelp(_ help: HelpOverlay) -> String {
        var lines = ["Help. Esc closes it."]
        for row in help.rows {
            switch row {
            case .heading(let title)?: lines.append(title + ":")
            case .entry(let keys, let text)?: lines.append(Spoken.keyNames(keys) + ": " + text + ".")
            case .text(let text)?: lines.append(Spoken.sentence(text))
            case nil: continue
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The fault panel as a numbered menu: each endpoint with its delay and outcome.
    package static func spokenFaultPanel(_ panel: FaultPanelState) -> Spoken {
        guard let model = panel.model else {
            let text = FaultPanel.httpExplanation(panel.serverFaults, server: panel.server)
            return Spoken(place: "Fault panel.\n" + text.replacing("• ", with: "") + "\nEsc closes it.")
        }
        // The rows by name (their values change as they are edited: the selected one says its own).
        let rows = model.rows.map(FaultPanelModel.title(of:))
        let place = "Fault panel, scenario \(model.scenarioName). \(Spoken.count(rows.count, "row")): "
            + Spoken.numbered(rows) + ". Type a number and Enter to choose a row; Left and Right change its outcome, "
            + "plus and minus its delay, s loads the next scenario, Esc closes the panel."
        let selected = model.selectedRow.map { Self.spokenFaultRow($0, in: model) } ?? ""
        let problem = model.problem.map { "The scenario could not be loaded: \($0)." } ?? ""
        return Spoken(
            place: place, topics: [Spoken.Topic("selected", selected), Spoken.Topic("problem", problem)],
            focus: "Row \(model.selection + 1) of \(rows.count)",
            choices: Spoken.Choices(count: rows.count, selected: model.selection + 1, confirm: nil))
    }

    private static func spokenFaultRow(_ row: FaultPanelModel.Row, in model: FaultPanelModel) -> String {
        switch row {
        case .endpoint(let endpoint):
            let behaviour = model.behaviour(endpoint)
            return "\(endpoint.rawValue), \(Spoken.keyNames(FaultPanelModel.describe(behaviour.delay))), "
                + FaultPanelModel.describe(behaviour.outcomes)
        case .choice(let title):
            return "\(title), \(model.choices[title]?.value ?? "")"
        }
    }

    /// The timeline: the selected event, and what the screen behind showed then.
    private func spokenTimeline(_ timeline: TimelineState) -> Spoken {
        guard let screen = timelineScreen else { return Spoken(place: "Timeline. Esc returns to the present.") }
        let rows = screen.timeline
        let place = "Timeline of \(Spoken.count(rows.count, "event")). Up and Down step through them; Esc returns to the present."
        let shown = timeline.shownSequence(in: rows)
        let event = shown.flatMap { sequence in rows.first { $0.sequence == sequence } }
            .map { "\(SessionFormat.secondsText($0.time)): \(screen.timelineName($0.sequence))." } ?? ""
        return Spoken(place: place, topics: [Spoken.Topic("event", event)])
    }
}
