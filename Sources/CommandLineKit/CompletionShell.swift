/// The shells `--completions` writes a script for (the Makefile installs each where that shell
/// looks: Docs/installing.md).
public enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}
