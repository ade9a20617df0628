/// The system codecs (libpng, libjpeg, loaded with `dlopen` on first use) a task treats as
/// missing: the seam to try a machine without them without uninstalling anything.
/// `CodecAvailability.$missing.withValue([.png]) { … }` makes every PNG decode and encode in
/// that task fail as they do when libpng16-16 is not installed (Docs/images.md, "Libraries and
/// how they are loaded").
public enum CodecAvailability {
    @TaskLocal public static var missing: Set<ImageFormat> = []

    static func check(_ format: ImageFormat) throws(ImageError) {
        guard missing.contains(format) else { return }
        throw .libraryUnavailable(format, detail: "treated as missing")
    }
}
