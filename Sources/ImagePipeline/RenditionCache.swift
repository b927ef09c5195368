internal import ContentDigest
public import Foundation

/// Renditions kept on disk between builds, addressed by content: the key is a SHA-256 of the
/// source's bytes, every setting that shapes the output (`ImageSettings`), the libvips version
/// and `RenditionCache.formatVersion`. So renaming or moving an image costs nothing, an image
/// used by many notes is encoded once, and any change of input, setting or encoder misses.
///
/// Layout: `<folder>/<first 2 hex digits>/<key>.rendition`, each entry a header (size, type, and
/// the payload's length and SHA-256, see `RenditionCacheEntry`) and the encoded bytes. A damaged
/// entry (truncated, garbled) fails that check and is encoded again, never served. Entries are
/// written to a temporary file and renamed into place, so parallel builds never read half an
/// entry. A hit touches the entry; `prune(unusedFor:)` drops what no build used for a while.
///
/// Safe to share between tasks and processes; counters are per instance.
public final class RenditionCache: @unchecked Sendable {
    // @unchecked: `folder` is immutable and `counts` is only read or written holding `lock`.
    public let folder: URL
    private let lock = NSLock()
    private var counts = Statistics()

    /// Bump when the pipeline changes what it produces for the same input and settings.
    public static let formatVersion = 5
    /// The default folder inside a vault; the builder ignores it as input.
    public static let defaultFolderName = ".notesite-cache"

    /// What this instance did, for reports and tests.
    public struct Statistics: Sendable, Hashable {
        /// Renditions served from disk.
        public var hits = 0
        /// Renditions encoded (misses, including rebuilt entries).
        public var encodes = 0
        /// Entries found damaged and rebuilt.
        public var damaged = 0
        /// Entries that were not this cache's own files (a symlink, a hard link, a FIFO...): not
        /// read, and replaced.
        public var foreign = 0
        /// Entries that could not be written (the build goes on without them).
        public var writeFailures = 0
    }

    /// A cache in `folder` (created on first write).
    public init(folder: URL) {
        self.folder = folder
    }

    public var statistics: Statistics {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }

    func count(_ update: (inout Statistics) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        update(&counts)
    }

    /// The entry file for a key.
    func entryURL(for key: String) -> URL {
        folder.appendingPathComponent(String(key.prefix(2)), isDirectory: true)
            .appendingPathComponent(key + ".rendition")
    }

    /// The cache key of a source's bytes under some settings.
    static func key(source: Data, settings: ImageSettings) -> String {
        let parts = [
            "notesite-rendition \(formatVersion)",
            "libvips \(VipsRuntime.version) avif \(AVIFSupport.canEncode)",
            "source \(SHA256.hex(source))",
            "width \(settings.maxPixelWidth) column \(settings.columnWidth)",
            "max-pixels \(settings.maxInputPixels)",
            "format \(settings.format.rawValue) quality \(settings.quality.map(String.init) ?? "default")",
            "size \(settings.size?.description ?? "column")",
        ]
        return SHA256.hex(parts.joined(separator: "\n").utf8)
    }
}
