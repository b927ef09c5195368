/// cmark's safe-mode URL filter: these schemes are dropped from `href` and `src`.
enum URLSafety {
    private static let dangerous = ["javascript:", "vbscript:", "file:", "data:"]
    private static let allowedData = ["png", "gif", "jpeg", "webp"].map { "data:image/" + $0 }

    /// Whether cmark's `scan_dangerous_url` matches the start of `url` (ASCII case-insensitive).
    static func isDangerous(_ url: String) -> Bool {
        let bytes = Array(url.utf8.prefix(16))
        if allowedData.contains(where: { hasPrefix(bytes, $0) }) { return false }
        return dangerous.contains(where: { hasPrefix(bytes, $0) })
    }

    private static func hasPrefix(_ bytes: [UInt8], _ prefix: String) -> Bool {
        let wanted = Array(prefix.utf8)
        guard bytes.count >= wanted.count else { return false }
        for (byte, expected) in zip(bytes, wanted) {
            let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            if lowered != expected { return false }
        }
        return true
    }
}
