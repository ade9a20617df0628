import FoundationEssentials

/// Reading a configuration or scenario file, with the file named in every error.
public enum ConfigurationFile {
    /// The largest configuration or scenario file read (Docs/security.md, "Files"); the built-in
    /// configuration is under 2 KB.
    public static let maximumBytes = 1_048_576

    /// The bytes of `path`, or why they can't be read: not there, not a regular file (a FIFO, a
    /// device, a folder: refused without waiting or reading), or over `maximumBytes`.
    public static func read(_ path: String, limit: Int = maximumBytes) throws(ConfigurationError) -> Data {
        do {
            return try BoundedFileReader.read(path, limit: limit)
        } catch {
            throw ConfigurationError(file: path, keyPath: "", problem: "can't be read (\(error))")
        }
    }
}
