/// A cheap, deliberately high estimate of how deep the parser will nest elements, from the tags
/// alone. Gumbo scans its stack of open elements for many tokens, so its work grows with depth
/// times input; capping the estimate caps the work. An end tag closes only when it matches the
/// innermost open element (the parser may keep more open, as with `<b><div></b>`, never fewer
/// than this counts, within a small factor for the rows and bodies it adds to tables); void
/// elements and those closed implicitly by their siblings (`<p>`, `<li>`, `<td>`) are not counted.
struct DepthEstimate {
    let limit: Int
    private(set) var exceeded = false
    private var open: [UInt64] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// Whether the `<` at `index` may stay markup: false for a start tag beyond the limit.
    mutating func admits(_ source: Span<UInt8>, at index: Int) -> Bool {
        var cursor = index + 1
        guard cursor < source.count else { return true }
        var closing = false
        if source[cursor] == UInt8(ascii: "/") {
            closing = true
            cursor += 1
        }
        guard cursor < source.count, Self.isLetter(source[cursor]) else { return true }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var length = 0
        while cursor < source.count, length < 32 {
            let byte = source[cursor]
            if byte <= 0x20 || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
            hash = (hash ^ UInt64(byte | (Self.isLetter(byte) ? 0x20 : 0))) &* 0x100_0000_01b3
            cursor += 1
            length += 1
        }
        if closing {
            if open.last == hash { open.removeLast() }
            return true
        }
        guard !Self.uncounted.contains(hash) else { return true }
        guard open.count < limit else {
            exceeded = true
            return false
        }
        open.append(hash)
        return true
    }

    @inline(__always)
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func hash(_ name: String) -> UInt64 {
        name.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    /// Void elements, and elements a sibling or the enclosing end tag closes.
    private static let uncounted: Set<UInt64> = Set(
        [
            "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "image", "img",
            "input", "keygen", "link", "menuitem", "meta", "param", "source", "track", "wbr", "p", "li",
            "dt", "dd", "option", "optgroup", "rb", "rp", "rt", "rtc", "td", "th", "tr", "tbody", "thead",
            "tfoot", "caption", "colgroup",
        ].map(hash))
}
