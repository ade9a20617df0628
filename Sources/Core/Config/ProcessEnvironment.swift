import FoundationEssentials
import Glibc

/// The process's environment variables, read straight from `environ`: what
/// `ProcessInfo.processInfo.environment` gives, without building ProcessInfo before the first
/// frame (half a millisecond of the start-up, measured).
public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        #if canImport(Glibc)
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(String(cString: entry))
            cursor += 1
        }
        return parse(entries)
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }

    /// `NAME=value` entries as a dictionary. The first of two entries with one name wins, as
    /// with `getenv`; an entry without `=`, or without a name, is not a variable.
    static func parse(_ entries: [String]) -> [String: String] {
        var variables: [String: String] = [:]
        variables.reserveCapacity(entries.count)
        for entry in entries {
            guard let equals = entry.utf8.firstIndex(of: UInt8(ascii: "=")), equals != entry.startIndex else { continue }
            let name = String(entry[..<equals])
            if variables[name] == nil { variables[name] = String(entry[entry.index(after: equals)...]) }
        }
        return variables
    }
}
