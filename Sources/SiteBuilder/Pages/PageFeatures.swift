import Foundation

/// What a page's body needs loaded, read from the HTML the writer made (embedded notes included):
/// the copy button for code, KaTeX for math, the Mermaid script for diagrams.
struct PageFeatures: Sendable, Hashable {
    var code = false
    var math = false
    var diagrams = false

    init() {}

    /// `katex` and `mermaid` say whether the site publishes those scripts; without them the page
    /// loads nothing for math or diagrams and their source stays readable.
    init(body: String, katex: Bool, mermaid: Bool) {
        self.init(body: Array(body.utf8), katex: katex, mermaid: mermaid)
    }

    init(body: [UInt8], katex: Bool, mermaid: Bool) {
        // The writer's own markup: text in a note is escaped, so it cannot fake these.
        body.withUnsafeBufferPointer { bytes in
            Self.scanTags(bytes) { tag in
                // Most tags are none of these: one byte tells (`<p`, `<s`, `<d` may be).
                guard tag.count > 1, Self.mayOpenFeature(tag[1]) else { return false }
                if Self.starts(tag, with: "<pre><code") || Self.starts(tag, with: "<pre class=\"highlight\">")
                {
                    code = true
                } else if Self.starts(tag, with: "<span class=\"math ")
                    || Self.starts(tag, with: "<div class=\"math ")
                {
                    math = katex
                } else if Self.starts(tag, with: "<pre class=\"mermaid\">") {
                    diagrams = mermaid
                }
                return code && math == katex && diagrams == mermaid
            }
        }
    }

    /// Calls `visit` with the bytes from each `<` to the end, until it returns true. One pass with
    /// `memchr`: Foundation's `String.contains` bridged every page through NSString (12% of a build).
    private static func scanTags(
        _ bytes: UnsafeBufferPointer<UInt8>, _ visit: (UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count,
            let found = memchr(base + offset, Int32(UInt8(ascii: "<")), bytes.count - offset)
        {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if visit(UnsafeBufferPointer(rebasing: bytes[at...])) { return }
            offset = at + 1
        }
    }

    /// By the byte after `<`: whether a tag starting so may be one of those looked for.
    private static func mayOpenFeature(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "p") || byte == UInt8(ascii: "s") || byte == UInt8(ascii: "d")
    }

    private static func starts(_ tag: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard tag.count >= count, let start = tag.baseAddress else { return false }
        return memcmp(start, prefix.utf8Start, count) == 0
    }
}
