import Glibc

/// What a test's forked child does first: close what it inherited from the test process. A
/// store another test holds open keeps its data folder locked (`flock` belongs to the open file,
/// which a fork shares), so a child that lived on with it would make that test's next store on
/// the folder see "another copy" (Docs/security.md, "Two copies on one data folder").
public enum ForkedChild {
    /// Closes every descriptor above stderr but `keeping`. Only `close(2)`, which is safe
    /// between `fork` and `_exit`; descriptors of a test process stay far below the bound.
    public static func closeInheritedDescriptors(keeping kept: [Int32] = []) {
        for fd in Int32(3)..<8192 where !kept.contains(fd) { close(fd) }
    }
}
