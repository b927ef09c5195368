/// GFM's tag filter (cmark-gfm's `tagfilter` extension): a `<` that opens or closes one of these
/// tags is written `&lt;`, so raw HTML cannot start a script or swallow the rest of the page.
extension HTMLOutput {
    private static let filteredTags = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ].map { Array($0.utf8) }

    mutating func appendTagFiltered<S: StringProtocol>(_ html: S) {
        let bytes = Array(html.utf8)
        let start = self.bytes.count
        defer { markRaw(from: start) }
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), Self.isFilteredTag(bytes, at: index) {
                append("&lt;")
            } else {
                self.bytes.append(bytes[index])
            }
            index += 1
        }
    }

    /// Inline HTML is one tag: only its own `<` is checked.
    mutating func appendTagFilteredInline<S: StringProtocol>(_ html: S) {
        let bytes = Array(html.utf8)
        let start = self.bytes.count
        defer { markRaw(from: start) }
        if !bytes.isEmpty, Self.isFilteredTag(bytes, at: 0) {
            append("&lt;")
            self.bytes.append(contentsOf: bytes.dropFirst())
        } else {
            self.bytes.append(contentsOf: bytes)
        }
    }

    /// cmark-gfm's `is_tag` for any filtered name: `<name` or `</name`, then space, `>` or `/>`.
    private static func isFilteredTag(_ bytes: [UInt8], at start: Int) -> Bool {
        guard bytes.count - start >= 3, bytes[start] == UInt8(ascii: "<") else { return false }
        var nameStart = start + 1
        if bytes[nameStart] == UInt8(ascii: "/") { nameStart += 1 }
        for name in filteredTags {
            var index = nameStart
            var matched = true
            for byte in name {
                guard index < bytes.count else {
                    matched = false
                    break
                }
                let lowered = (65...90).contains(bytes[index]) ? bytes[index] + 32 : bytes[index]
                if lowered != byte {
                    matched = false
                    break
                }
                index += 1
            }
            guard matched, index < bytes.count else { continue }
            let next = bytes[index]
            if next == 32 || (9...13).contains(next) || next == UInt8(ascii: ">") { return true }
            if next == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                return true
            }
        }
        return false
    }
}
