import CEpoll

/// Memory given back after a crowd: glibc keeps what a thousand connections' buffers freed in its
/// arenas for reuse, so the server's resident size stayed near its peak long after they closed
/// (893 MB 30 s after 900 clients left). When the last connection of a loop that held many
/// closes, the free memory goes back to the system (Docs/server.md, "Memory"). Not after every
/// close: one client connecting again and again would pay for it each time.
extension ServerLoop {
    /// How many connections open at once make their closing worth a trim.
    static let crowd = 64

    func releaseMemoryIfQuiet() {
        guard connectionCount == 0, busiestSinceRelease >= Self.crowd else { return }
        busiestSinceRelease = 0
        _ = cepoll_release_free_memory()
    }
}
