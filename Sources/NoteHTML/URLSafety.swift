/// cmark's safe-mode URL filter: these schemes are dropped from `href` and `src`, with the two old
/// script schemes the HTML sanitizer refuses too (`livescript:`, `mocha:`), so a Markdown link and
/// an HTML one pass the same audit.
public enum URLSafety {
    private static let dangerous: [StaticString] = [
        "javascript:", "vbscript:", "file:", "data:", "livescript:", "mocha:",
    ]
    private static let allowedData: [StaticString] = [
        "data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp",
    ]

    /// Whether cmark's `scan_dangerous_url` matches the start of `url` (ASCII case-insensitive).
    /// Compared in place: an array per URL and per scheme was a visible part of writing links.
    public static func isDangerous(_ url: String) -> Bool {
        // Every scheme above starts with one of these letters: most links end here.
        switch url.utf8.first.map(lowered) {
        case UInt8(ascii: "j"), UInt8(ascii: "v"), UInt8(ascii: "f"), UInt8(ascii: "d"), UInt8(ascii: "l"),
            UInt8(ascii: "m"):
            break
        default: return false
        }
        if allowedData.contains(where: { hasPrefix(url, $0) }) { return false }
        return dangerous.contains(where: { hasPrefix(url, $0) })
    }

    private static func hasPrefix(_ url: String, _ prefix: StaticString) -> Bool {
        prefix.withUTF8Buffer { wanted in
            var bytes = url.utf8.makeIterator()
            for expected in wanted {
                guard let byte = bytes.next(), lowered(byte) == expected else { return false }
            }
            return true
        }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
