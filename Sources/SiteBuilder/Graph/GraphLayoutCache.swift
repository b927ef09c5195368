import CodeHighlighter
import ContentDigest
import Foundation
import GraphLayout

/// The last graph layout made, kept between builds in `<cache folder>/graph/layout.bin`: laying out
/// thousands of notes is a few percent of a build, and most builds change no link. The file is
/// found by a SHA-256 of everything the layout depends on (``GraphLayout`` whole and this format's
/// version), so an edit of any link, or a new version of the layout, is a miss, never a stale
/// picture. Written to a temporary file renamed into place (a parallel build never reads half), and
/// neither read nor written through a link (``CacheFile``).
struct GraphLayoutCache: Sendable {
    /// Raise when ``GraphLayout`` or ``GraphStart`` change what they compute.
    static let formatVersion = 1
    /// Smaller graphs are laid out in a few milliseconds: not worth a file in the vault.
    static let minimumNodes = 256
    let url: URL

    init(folder: URL) {
        url = folder.appendingPathComponent("graph", isDirectory: true).appendingPathComponent("layout.bin")
    }

    /// The positions kept for `layout`, or else those `make` gives, then kept for the next build
    /// (a failure to write only costs that build time). The key is made once for both.
    func positions(for layout: GraphLayout, make: () -> GraphPositions) -> GraphPositions {
        let header = Self.header(for: layout)
        if let kept = Self.positions(in: CacheFile.read(url), after: header, count: layout.nodeCount) {
            return kept
        }
        let made = make()
        var data = header
        data.append(contentsOf: Self.littleEndianBytes(of: made.x + made.y))
        try? CacheFile.replace(url, with: data)
        return made
    }

    /// The positions a file holds after `header`; nil when it is missing, of another layout or not whole.
    private static func positions(in data: Data?, after header: Data, count: Int) -> GraphPositions? {
        guard let data, data.count == header.count + 16 * count, data.starts(with: header) else { return nil }
        let bytes = [UInt8](data.dropFirst(header.count))
        let values = (0..<2 * count).map { index in
            bytes[8 * index..<8 * index + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        return GraphPositions(x: Array(values[..<count]), y: Array(values[count...]))
    }

    /// Each of `values` as its bytes, least significant first (the file's order on any machine).
    static func littleEndianBytes<Value: FixedWidthInteger>(of values: [Value]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * Value.bitWidth / 8)
        for value in values {
            for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: value >> shift))
            }
        }
        return bytes
    }

    /// `notesite-graph VERSION KEY COUNT\n`, KEY the SHA-256 of the layout's inputs.
    static func header(for layout: GraphLayout) -> Data {
        var inputs = Data(
            "notesite-graph \(formatVersion) \(layout.nodeCount) \(layout.seed) \(layout.iterations)".utf8)
        inputs.append(
            Data(
                "\(GraphLayout.linkLength) \(GraphLayout.gravity) \(GraphLayout.theta) \(layout.edges.count)\n"
                    .utf8
            ))
        inputs.append(contentsOf: littleEndianBytes(of: layout.edges.flatMap { [$0.low, $0.high] }))
        let key = SHA256.hex(inputs)
        return Data("notesite-graph \(formatVersion) \(key) \(layout.nodeCount)\n".utf8)
    }

    /// Removes the kept layout, and its folder when nothing else is in it (`notesite clean --cache`).
    static func removeCache(in cacheFolder: URL) {
        let cache = GraphLayoutCache(folder: cacheFolder)
        unlink(cache.url.path)
        rmdir(cache.url.deletingLastPathComponent().path)
    }
}
