/// The `--help` text and the usage printed after a bad command line, made from a
/// `CommandLineInterface`: usage lines, description, each section's prose and options, the exit
/// statuses. Lines fit in 80 columns.
public enum HelpText {
    static let width = 80
    /// Option help starts in this column; a longer label puts it on the next line.
    static let helpColumn = 21

    public static func render(_ interface: CommandLineInterface) -> String {
        var out = usage(interface)
        for paragraph in interface.description {
            out.append("")
            out += lines(paragraph, indent: 0)
        }
        for section in interface.sections {
            out.append("")
            let indent = 2
            if let title = section.title { out.append(title) }
            for (index, paragraph) in section.paragraphs.enumerated() {
                if index > 0 { out.append("") }
                out += lines(paragraph, indent: indent)
            }
            if !section.paragraphs.isEmpty, !section.options.isEmpty { out.append("") }
            for option in section.options { out += lines(option, indent: indent) }
        }
        if !interface.exitStatus.isEmpty {
            out.append("")
            out.append("EXIT STATUS")
            for status in interface.exitStatus {
                out += definition(status.term, status.meaning, indent: 2, column: 6)
            }
        }
        return out.joined(separator: "\n")
    }

    /// What follows a bad command line: the usage lines and where the rest is.
    public static func shortUsage(_ interface: CommandLineInterface) -> String {
        (usage(interface) + ["", "'\(interface.name) --help' says what every option does."]).joined(separator: "\n")
    }

    /// `usage: name …` with the synopsis wrapped under the program's name.
    static func usage(_ interface: CommandLineInterface) -> [String] {
        var out: [String] = []
        for (index, line) in interface.usageLines.enumerated() {
            let lead = index == 0 ? "usage: " : "       "
            let prefix = lead + interface.name + " "
            let hanging = String(repeating: " ", count: prefix.count)
            let wrapped = wrapSynopsis(line, width: width - prefix.count)
            for (row, text) in wrapped.enumerated() { out.append((row == 0 ? prefix : hanging) + text) }
        }
        return out
    }

    /// Wraps at spaces outside brackets, so `[--log FILE]` stays whole.
    static func wrapSynopsis(_ text: String, width: Int) -> [String] {
        var tokens: [String] = []
        var depth = 0
        var token = ""
        for character in text {
            if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
            if character == " ", depth == 0 {
                if !token.isEmpty { tokens.append(token) }
                token = ""
            } else {
                token.append(character)
            }
        }
        if !token.isEmpty { tokens.append(token) }
        var lines: [String] = []
        var line = ""
        for token in tokens {
            if line.isEmpty { line = token } else if line.count + 1 + token.count <= width { line += " " + token } else {
                lines.append(line)
                line = token
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    static func lines(_ paragraph: HelpParagraph, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        switch paragraph {
        case .text(let text): return TextWrapping.lines(text, width: width - indent).map { pad + $0 }
        case .verbatim(let lines): return lines.map { $0.isEmpty ? "" : pad + $0 }
        }
    }

    static func lines(_ option: OptionDeclaration, indent: Int) -> [String] {
        var text = option.help
        if let variable = option.environment { text += "; or set \(variable)" }
        return definition(option.label, text, indent: indent, column: helpColumn)
    }

    /// `term` at `indent`, `text` wrapped from `column` (on the next line when `term` reaches it).
    static func definition(_ term: String, _ text: String, indent: Int, column: Int) -> [String] {
        let lead = String(repeating: " ", count: indent) + term
        let hanging = String(repeating: " ", count: column)
        let wrapped = TextWrapping.lines(text, width: width - column)
        var out: [String] = []
        if lead.count < column {
            out.append(lead + String(repeating: " ", count: column - lead.count) + (wrapped.first ?? ""))
            out += wrapped.dropFirst().map { hanging + $0 }
        } else {
            out.append(lead)
            out += wrapped.map { hanging + $0 }
        }
        return out.map { $0.trimmingTrailingSpaces() }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
