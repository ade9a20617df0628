/// The version of every program of the package, in `--version`, the man pages and the Debian
/// package (the Makefile reads it from this file).
public enum ProgramVersion {
    public static let current = "0.1.0"
}
