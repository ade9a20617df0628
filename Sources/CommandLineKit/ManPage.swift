/// A section 1 man page (man(7) macros) made from the same `CommandLineInterface` as `--help`:
/// NAME, SYNOPSIS, DESCRIPTION, the options by section, KEYS, FILES, ENVIRONMENT, EXIT STATUS,
/// EXAMPLES. Deterministic (no date), so the checked-in pages can be compared with a fresh one
/// (Docs/installing.md).
public enum ManPage {
    public static func render(_ interface: CommandLineInterface) -> String {
        var out: [String] = []
        out.append(#".TH "\#(interface.name.uppercased())" 1 "" "\#(interface.name) \#(interface.version)" "User Commands""#)
        // Option names and paths must not be broken at a hyphen.
        out.append(".nh")
        out.append(".SH NAME")
        out.append(escape(interface.name) + #" \- "# + escape(interface.summary))
        out.append(".SH SYNOPSIS")
        for (index, line) in interface.usageLines.enumerated() {
            if index > 0 { out.append(".br") }
            out.append(".B \(escape(interface.name))")
            out.append(synopsis(line))
        }
        if !interface.description.isEmpty {
            out.append(".SH DESCRIPTION")
            for paragraph in interface.description { out += lines(paragraph) }
        }
        out.append(".SH OPTIONS")
        for section in interface.sections {
            if let title = section.title { out.append(".SS \(escape(title))") }
            for paragraph in section.paragraphs { out += lines(paragraph) }
            for option in section.options {
                out.append(".TP")
                out.append(term(option))
                var text = option.help
                if let variable = option.environment { text += "; or set \(variable)" }
                out.append(escape(text))
            }
        }
        for (title, definitions) in [
            ("KEYS", interface.keys), ("FILES", interface.files), ("ENVIRONMENT", interface.allEnvironment),
            ("EXIT STATUS", interface.exitStatus),
        ] where !definitions.isEmpty {
            out.append(".SH \(title)")
            for definition in definitions {
                out.append(".TP")
                out.append(#"\fB"# + escape(definition.term) + #"\fR"#)
                out.append(escape(definition.meaning))
            }
        }
        if !interface.examples.isEmpty {
            out.append(".SH EXAMPLES")
            for example in interface.examples {
                out.append(".PP")
                out.append(escape(example.meaning))
                out.append(".PP")
                out.append(".RS 4")
                out.append(".EX")
                out.append(escape(example.term))
                out.append(".EE")
                out.append(".RE")
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `\fB--scenario\fR \fINAME\fR`, aliases first as in `-h, --help`.
    static func term(_ option: OptionDeclaration) -> String {
        let names = option.spellings.reversed().map { #"\fB"# + escape($0) + #"\fR"# }.joined(separator: ", ")
        switch option.kind {
        case .flag: return names
        case .value(let placeholder): return names + #" \fI"# + escape(placeholder) + #"\fR"#
        case .choice(_, let choices): return names + " " + choices.map { #"\fI"# + escape($0) + #"\fR"# }.joined(separator: "|")
        }
    }

    /// A usage line: options bold, placeholders italic, brackets plain.
    static func synopsis(_ line: String) -> String {
        var words: [String] = []
        for word in line.split(separator: " ") {
            var word = String(word)
            var open = "", close = ""
            while word.hasPrefix("[") { open += "["; word.removeFirst() }
            while word.hasSuffix("]") { close += "]"; word.removeLast() }
            let styled = word.hasPrefix("-") ? #"\fB"# + escape(word) + #"\fR"# : #"\fI"# + escape(word) + #"\fR"#
            words.append(open + styled + close)
        }
        return words.joined(separator: " ")
    }

    static func lines(_ paragraph: HelpParagraph) -> [String] {
        switch paragraph {
        case .text(let text):
            return [".PP", escape(text)]
        case .verbatim(let lines):
            return [".PP", ".RS 2", ".nf"] + lines.map { $0.isEmpty ? "" : escape($0) } + [".fi", ".RE"]
        }
    }

    /// Text as roff reads it literally: backslashes, a leading dot or quote, the dashes of
    /// options (`\-`, a minus, so they can be copied; a hyphen inside a word stays one), and
    /// every character beyond ASCII written as a `\[uXXXX]` escape (no input encoding assumed).
    public static func escape(_ text: String) -> String {
        var out = ""
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\\": out += #"\e"#
            case "-" where !(previous.properties.isAlphabetic || previous.properties.numericType != nil):
                out += #"\-"#
            default:
                if scalar.isASCII {
                    out.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    out += #"\[u"# + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = #"\&"# + out }
        return out
    }
}
