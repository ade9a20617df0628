import Core

extension ArticlesCache {
    /// Forgets the stored list: its manifest first (so no reader finds a list whose chunks are
    /// going), then every chunk of the list's own name form. The next sync stores a fresh one.
    public static func forget(from store: any RecordStore) throws(StoreError) {
        try store.remove(recordName)
        for name in try store.recordNames() where chunkNumbers(of: name) != nil {
            try store.remove(name)
        }
    }
}
