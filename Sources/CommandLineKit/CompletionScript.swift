import Core

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

    /// bash: words are matched and quoted by the script itself, never through `compgen -W`,
    /// which expands `$(…)`, `` `…` `` and `$((…))` in its word list and splits it at spaces (a
    /// scenario file's name would run), nor through readline's file-name quoting
    /// (`compopt -o filenames`), which leaves `$` and `)` of `$(…)` unquoted. Each word is quoted
    /// for where it goes: inside the quote the user opened, or with `printf %q`
    /// (Docs/security.md, Shell completion).
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
            case .words(let words, nil):
                cases.append("        \(pattern)) \(function)_offer \"$cur\" \"$2\" \(words.map(shellWord).joined(separator: " ")); return ;;")
            case .words(let words, let folder?):
                cases.append("""
                            \(pattern))
                                words=(\(words.map(shellWord).joined(separator: " ")))
                                for file in "\(userFolder(interface, folder))"/*.json; do
                                    [ -f "$file" ] && file="${file##*/}" && words+=("${file%.json}")
                                done
                                \(function)_offer "$cur" "$2" "${words[@]}"; return ;;
                    """)
            }
        }
        let names = interface.options.flatMap(\.spellings).joined(separator: " ")
        return #"""
            # bash completion for \#(interface.name); made by `\#(interface.name) --completions bash`.
            # \#(function)_offer WORD TEXT CANDIDATE...: the candidates that start with what TEXT
            # says, each quoted for where it goes. WORD is the word as typed, TEXT the part of it
            # readline replaces (after a quote the user opened). Nothing is evaluated: a name that
            # holds $(…) or `…` is only text.
            \#(function)_offer() {
                local quote="" typed="$2" rest word
                if [ "${#1}" -gt "${#2}" ] && [ "${1:${#1}-${#2}}" = "$2" ]; then
                    quote="${1:${#1}-${#2}-1:1}"
                    case "$quote" in \'|\") ;; *) quote="" ;; esac
                fi
                if [ "$quote" != "'" ]; then
                    typed="" rest="$2"
                    while [ -n "$rest" ]; do
                        if [ "${rest:0:1}" = "\\" ]; then rest="${rest:1}"; fi
                        typed+="${rest:0:1}" rest="${rest:1}"
                    done
                fi
                shift 2
                COMPREPLY=()
                for word in "$@"; do
                    [[ "$word" == "$typed"* ]] || continue
                    case "$quote" in
                        \') word="${word//\'/\'\\\'\'}" ;;
                        \") word="${word//\\/\\\\}" word="${word//\"/\\\"}" word="${word//\$/\\\$}"
                            word="${word//\`/\\\`}" word="${word//!/\"\'!\'\"}" ;;
                        *) printf -v word %q "$word" ;;
                    esac
                    COMPREPLY+=("$word")
                done
            }
            \#(function)() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" file
                local -a words
                # bash splits --option=value at the "=" (COMP_WORDBREAKS): the value is completed
                # as if it were the next word.
                if [ "$cur" = "=" ]; then
                    cur=""
                elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 2 ]; then
                    prev="${COMP_WORDS[COMP_CWORD-2]}"
                fi
                case "$prev" in
            \#(cases.joined(separator: "\n"))
                esac
                COMPREPLY=($(compgen -W "\#(names)" -- "$cur"))
            }
            complete -F \#(function) \#(interface.name)

            """#
    }

    /// `word` as one word of a shell's command line: as it is when that is safe, else in single
    /// quotes.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) || "-_.,+:=/@%".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    // MARK: zsh

    static func zsh(_ interface: CommandLineInterface) -> String {
        let function = functionName(interface)
        var specs: [String] = []
        var states: [String] = []
        for option in interface.options {
            let description = "[" + zshEscape(brief(option)) + "]"
            // `--name=`: the value may be the next word or follow an "=" in the same word.
            let equals = option.kind.takesValue ? "=" : ""
            let names = option.spellings.count > 1
                ? "(" + option.spellings.joined(separator: " ") + ")'{" + option.spellings.map { $0 + equals }.joined(separator: ",") + "}'"
                : option.name + equals
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
                    // The glob's names are words of their own, never evaluated; `-.` keeps plain
                    // files (and links to them) as bash's `[ -f ]` does, and compadd quotes each.
                    states.append("""
                            \(state))
                                local -a found=( \(words.map(shellWord).joined(separator: " ")) \(userFolder(interface, folder))/*.json(N-.:t:r) )
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
                        // A command substitution's output is cut at line breaks, so the names go
                        // through it NUL-separated (`string split0`): a name with a line break is
                        // one candidate too. fish never evaluates what a substitution gives.
                        let base = "(set -q XDG_CONFIG_HOME; and echo $XDG_CONFIG_HOME; or echo $HOME/.config)"
                        candidates += " (path filter -f -Z -- \(base)/\(interface.name)/\(folder)/*.json"
                            + " | path basename -z -Z | path change-extension -z -Z \"\" | string split0)"
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
