/// A problem found before the terminal is touched: printed to stderr, then the program exits.
public struct LaunchError: Error, Equatable, CustomStringConvertible {
    public var description: String
    /// 2 for bad input (arguments, configuration), 1 for the machine (files, terminal).
    public var exitStatus: Int32

    public init(_ description: String, exitStatus: Int32 = 2) {
        self.description = description
        self.exitStatus = exitStatus
    }
}
