internal import CSystem
#if canImport(Glibc)
import Glibc
#endif

/// The program's command line, wherever it runs. Swift's `CommandLine.arguments` is read from
/// /proc/self/cmdline on Linux, so in a root without /proc (a chroot, some containers) it is
/// empty and a program would run as if given nothing: `--version` would go on to look for a
/// terminal, `--help` would start the server. CSystem's constructor saves argc and argv before
/// main instead; where even that saved nothing and /proc is missing, the program refuses to
/// start (Docs/security.md, "The command line without /proc").
public enum ProgramArguments {
    /// Why the command line can't be known.
    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        public var description: String {
            "can't read its command line: /proc is not mounted here, and the arguments were not "
                + "saved when the program started; mount /proc (mount -t proc proc /proc) and start it again"
        }
    }

    /// The whole command line, the program's name first: what was saved at start; else what
    /// Swift read from /proc; else nothing, which is only the truth when /proc could be read.
    static func resolve(saved: [String]?, fromProc: [String], procIsMounted: Bool) -> Result<[String], Unreadable> {
        if let saved, !saved.isEmpty { return .success(saved) }
        if !fromProc.isEmpty || procIsMounted { return .success(fromProc) }
        return .failure(Unreadable())
    }

    /// The command line saved by CSystem's constructor, or nil where none was.
    static func savedAtStart() -> [String]? {
        let count = csystem_argument_count()
        guard count > 0 else { return nil }
        return (0..<count).map { csystem_argument($0).map { String(cString: $0) } ?? "" }
    }

    /// The whole command line of this process, the program's name first.
    public static func current() -> Result<[String], Unreadable> {
        let saved = savedAtStart()
        // /proc is read only when nothing was saved: it costs a file read at every start.
        guard saved == nil else { return resolve(saved: saved, fromProc: [], procIsMounted: true) }
        return resolve(saved: nil, fromProc: CommandLine.arguments, procIsMounted: access("/proc/self/cmdline", R_OK) == 0)
    }

    /// The arguments after the program's name. Where they can't be known, says so on stderr
    /// as `program: …` and ends the process with status 2, before anything starts.
    public static func afterProgramName(orExitAs program: String) -> [String] {
        switch current() {
        case .success(let arguments):
            return Array(arguments.dropFirst())
        case .failure(let problem):
            let line = Array("\(program): \(problem)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            exit(2)
        }
    }
}
