import Glibc

/// Process limits the server raises for itself at start.
enum ResourceLimits {
    /// Raises the soft limit on open descriptors to the hard limit; returns the soft limit now.
    @discardableResult
    static func raiseOpenFileLimit() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return UInt64(limit.rlim_cur)
    }
}
