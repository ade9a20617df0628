import FoundationEssentials
import Glibc

/// Reading a configuration or scenario file, with the file named in every error.
public enum ConfigurationFile {
    /// The bytes of `path`, or why they can't be read.
    public static func read(_ path: String) throws(ConfigurationError) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let reason = errno == ENOENT ? "no such file" : FileSystem.lastError()
            throw ConfigurationError(file: path, keyPath: "", problem: "can't be read (\(reason))")
        }
        defer { close(fd) }
        do {
            return try FileSystem.readAll(fd)
        } catch {
            throw ConfigurationError(file: path, keyPath: "", problem: "can't be read (\(error.message))")
        }
    }
}
