import Core
import TUI

/// Draws the fault panel: a box over the (dimmed) screen listing each mock endpoint with its
/// delay and outcome, the chosen one reversed; or, with the HTTP backend, how to start
/// `challenge-server` with faults instead.
///
/// Clicks: a row selects it, its outcome cycles to the next one (as → does), the scenario line
/// loads the next scenario (`s`); the wheel moves the selection; a click outside the box closes
/// the panel (as Esc does).
package struct FaultPanel: Widget {
    /// Its own hit-map targets (the rest are `KeyTarget`s).
    package enum Target: Hashable, Sendable {
        /// Selects the row.
        case row(Int)
        /// Selects the row and cycles its outcome.
        case outcome(Int)
    }

    /// The mock backend's endpoints; nil with the HTTP backend (nothing to change live).
    package var model: FaultPanelModel?
    /// The HTTP backend's server, named in its explanation.
    package var server: String
    /// With the HTTP backend, how to make the server fail: the challenges' lines
    /// (`Challenge.serverFaults`).
    package var serverFaults: [String] = []

    /// Draws the box over `area`, which it dims.
    package func draw(in area: Rect, on canvas: inout Canvas) {
        canvas.addHitRegion(area, KeyTarget.backdrop(click: .escape))
        guard let model else {
            let box = Modal(title: "Fault panel · HTTP backend (\(server))", body: Self.httpExplanation(serverFaults, server: server), maxWidth: 74)
                .draw(in: area, on: &canvas)
            canvas.addHitRegion(box, KeyTarget.backdrop())
            return
        }
        canvas.restyle(area) { $0.dim = true; $0.bold = false }
        let lineCount = 2 + model.rows.count + 1 + 1 + (model.problem == nil ? 0 : 1)
        let box = area.centred(Size(width: min(area.width - 2, 74), height: min(area.height, lineCount + 4)))
        guard box.width >= 20, box.height >= 6 else { return }
        canvas.fill(box, style: .plain)
        canvas.addHitRegion(box, KeyTarget(wheelUp: .up, wheelDown: .down, isOpaque: true))
        let inner = Frame(title: "Fault panel · mock backend", border: .rounded, style: .bold, titleStyle: .bold)
            .draw(in: box, on: &canvas).inset(horizontal: 2, vertical: 1)
        var y = inner.y
        func line(_ text: String, _ style: Style = .plain, x: Int? = nil) {
            guard y < inner.maxY else { return }
            let x = x ?? inner.x
            canvas.put(TextLayout.truncate(text, width: inner.maxX - x), at: Point(x: x, y: y), style: style, clipTo: inner)
        }

        let after = canvas.put("Scenario ", at: Point(x: inner.x, y: y), style: .dim, clipTo: inner)
        let end = canvas.put(model.scenarioName, at: Point(x: after, y: y), style: .bold, clipTo: inner)
        line("  (s: next scenario)", .dim, x: end)
        let scenarioEnd = end + DisplayWidth.of("  (s: next scenario)")
        canvas.addHitRegion(Rect(x: inner.x, y: y, width: scenarioEnd - inner.x, height: 1), KeyTarget.press(.char("s")), clipTo: inner)
        y += 2

        let nameWidth = 18
        let delayWidth = 10
        for (index, row) in model.rows.enumerated() where y < inner.maxY {
            let isSelected = index == model.selection
            let (delay, outcome): (String, String)
            switch row {
            case .endpoint(let endpoint):
                let behaviour = model.behaviour(endpoint)
                delay = FaultPanelModel.describe(behaviour.delay)
                outcome = FaultPanelModel.describe(behaviour.outcomes)
            case .choice(let title):
                delay = ""
                outcome = model.choices[title]?.value ?? ""
            }
            let text = (isSelected ? "▸ " : "  ") + Self.pad(FaultPanelModel.title(of: row), nameWidth)
                + Self.pad(delay, delayWidth) + outcome
            let rowRect = Rect(x: inner.x, y: y, width: inner.width, height: 1)
            if isSelected { canvas.fill(rowRect, style: Style(bold: true, reverse: true)) }
            canvas.put(TextLayout.truncate(text, width: rowRect.width), at: rowRect.origin,
                       style: isSelected ? Style(bold: true, reverse: true) : .plain, clipTo: rowRect)
            canvas.addHitRegion(rowRect, Target.row(index), clipTo: inner)
            let (_, outcomeColumn) = rowRect.divided(2 + nameWidth + delayWidth, from: .left)
            canvas.addHitRegion(outcomeColumn, Target.outcome(index), clipTo: inner)
            y += 1
        }
        y += 1
        if let problem = model.problem {
            line(problem, Style(foreground: .red, bold: true))
            y += 1
        }
        // The keys are on the key bar.
        line("Changes apply to the next request.", .dim)
    }

    /// With the HTTP backend the server decides; this says how to make it fail, with a line
    /// for each of `serverFaults`, on the port of `server` (the one in use) when it is not the
    /// server's default.
    package static func httpExplanation(_ serverFaults: [String], server: String) -> String {
        let port = Self.port(of: server).flatMap { $0 == 3000 ? nil : $0 }
        let command = "challenge-server" + (port.map { " --port \($0)" } ?? "")
        return """
        With the HTTP backend the server decides how slow and how broken it is. Stop \
        challenge-server and start it again with overrides:


        """ + serverFaults.map { "• \($0.replacing("challenge-server", with: command, maxReplacements: 1))\n" }.joined()
            + "• --seed N repeats the random draws, --help lists every option."
    }

    /// The port a server URL names (`http://127.0.0.1:3001` → 3001), or its scheme's.
    package static func port(of server: String) -> Int? {
        let rest = server.split(separator: "://", maxSplits: 1).last ?? Substring(server)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]"), let port = Int(authority[authority.index(after: colon)...]) {
            return port
        }
        return server.lowercased().hasPrefix("https:") ? 443 : 80
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let cut = TextLayout.truncate(text, width: width - 1)
        return cut + String(repeating: " ", count: max(0, width - DisplayWidth.of(cut)))
    }
}
