/// What is wrong with a command line: printed with the usage, and the program exits 2.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    package init(_ description: String) { self.description = description }
}
