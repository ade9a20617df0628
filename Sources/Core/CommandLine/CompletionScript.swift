/// Shell completion scripts made from a `CommandLineInterface` (as swift-argument-parser's
/// `--generate-completion-script` does): option names, choices, files and folders, and words
/// read from a folder of the user's configuration as the user types (Docs/installing.md).
public enum CompletionScript {
    public static func render(_ interface: CommandLineInterface, for shell: CompletionShell) -> String {
        switch shell {
        case .bash: bash(interface)
        case .zsh: zsh(interface)
        case .fish: fish(interface)
        }
    }

    /// `$XDG_CONFIG_HOME/<program>/<folder>` in POSIX shell syntax.
    static func userFolder(_ interface: CommandLineInterface, _ folder: String) -> String {
        "${XDG_CONFIG_HOME:-$HOME/.config}/\(interface.name)/\(folder)"
    }

    static func functionName(_ interface: CommandLineInterface) -> String {
        "_" + interface.name.map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
    }

    /// The first clause of an option's help, for the shells that show descriptions: up to the
    /// first ". ", "; ", ": " or " (".
    static func brief(_ option: OptionDeclaration) -> String {
        var text = Substring(option.help)
        for separator in [". ", "; ", ": ", " ("] {
            if let range = text.firstRange(of: separator) { text = text[..<range.lowerBound] }
        }
        return text.trimmingWhitespace()
    }

    // MARK: bash

    static func bash(_ interface: CommandLineInterface) -> String {
        let function = functionName(interface)
        var cases: [String] = []
        for option in interface.options where option.kind.takesValue {
            let pattern = option.spellings.joined(separator: "|")
            switch option.completion {
            case .none:
                cases.append("        \(pattern)) return ;;")
            case .file:
                cases.append("        \(pattern)) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
            case .directory:
                cases.append("        \(pattern)) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\")); return ;;")
            case .words(let words, let folder):
                var body = "words=\"\(words.joined(separator: " "))\""
                if let folder {
                    body += "; for file in \"\(userFolder(interface, folder))\"/*.json; do"
                        + " [ -f \"$file\" ] && file=\"${file##*/}\" && words=\"$words ${file%.json}\"; done"
                }
                cases.append("        \(pattern)) \(body); COMPREPLY=($(compgen -W \"$words\" -- \"$cur\")); return ;;")
            }
        }
        let names = interface.options.flatMap(\.spellings).joined(separator: " ")
        return """
            # bash completion for \(interface.name); made by `\(interface.name) --completions bash`.
            \(function)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" words file
                case "$prev" in
            \(cases.joined(separator: "\n"))
                esac
                COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
            }
            complete -F \(function) \(interface.name)

            """
    }

    // MARK: zsh

    static func zsh(_ interface: CommandLineInterface) -> String {
        let function = functionName(interface)
        var specs: [String] = []
        var states: [String] = []
        for option in interface.options {
            let description = "[" + zshEscape(brief(option)) + "]"
            let names = option.spellings.count > 1
                ? "(" + option.spellings.joined(separator: " ") + ")'{" + option.spellings.joined(separator: ",") + "}'"
                : option.name
            var action = ""
            if option.kind.takesValue {
                let placeholder: String
                switch option.kind {
                case .value(let name): placeholder = name.lowercased()
                case .choice(let noun, _): placeholder = noun
                case .flag: placeholder = ""
                }
                switch option.completion {
                case .none: action = ":\(placeholder): "
                case .file: action = ":\(placeholder):_files"
                case .directory: action = ":\(placeholder):_files -/"
                case .words(let words, nil): action = ":\(placeholder):(\(words.joined(separator: " ")))"
                case .words(let words, let folder?):
                    let state = option.name.drop { $0 == "-" }.replacingOccurrences(of: "-", with: "_")
                    action = ":\(placeholder):->\(state)"
                    states.append("""
                            \(state))
                                local -a found=( \(words.joined(separator: " ")) \(userFolder(interface, folder))/*.json(N:t:r) )
                                compadd -a found ;;
                        """)
                }
            }
            specs.append("    '\(names)\(description)\(action)'")
        }
        var script = """
            #compdef \(interface.name)
            # zsh completion for \(interface.name); made by `\(interface.name) --completions zsh`.
            \(function)() {
              local context state state_descr line
              typeset -A opt_args
              _arguments -s \\
            \(specs.joined(separator: " \\\n"))
            """
        if !states.isEmpty {
            script += "\n  case $state in\n" + states.joined(separator: "\n") + "\n  esac"
        }
        script += "\n}\n\(function) \"$@\"\n"
        return script
    }

    static func zshEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
    }

    // MARK: fish

    static func fish(_ interface: CommandLineInterface) -> String {
        var lines = [
            "# fish completion for \(interface.name); made by `\(interface.name) --completions fish`.",
            "complete -c \(interface.name) -f",
        ]
        for option in interface.options {
            var line = "complete -c \(interface.name)"
            for spelling in option.spellings {
                line += spelling.hasPrefix("--") ? " -l \(spelling.dropFirst(2))" : " -s \(spelling.dropFirst())"
            }
            if option.kind.takesValue {
                switch option.completion {
                case .none: line += " -x"
                case .file: line += " -r -F"
                case .directory: line += " -x -a '(__fish_complete_directories)'"
                case .words(let words, let folder):
                    var candidates = words.joined(separator: " ")
                    if let folder {
                        let base = "(set -q XDG_CONFIG_HOME; and echo $XDG_CONFIG_HOME; or echo $HOME/.config)"
                        candidates += " (for f in \(base)/\(interface.name)/\(folder)/*.json; basename $f .json; end)"
                    }
                    line += " -x -a '\(candidates)'"
                }
            }
            line += " -d '\(brief(option).replacingOccurrences(of: "'", with: "\\'"))'"
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension Substring {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        String(self).replacingOccurrences(of: target, with: replacement)
    }
}
