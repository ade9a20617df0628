/// The shells `--completions` writes a script for.
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// Where a package installs the script under `$PREFIX/share` (each shell's own search path).
    public func installPath(program: String) -> String {
        switch self {
        case .bash: "bash-completion/completions/\(program)"
        case .zsh: "zsh/vendor-completions/_\(program)"
        case .fish: "fish/vendor_completions.d/\(program).fish"
        }
    }
}
