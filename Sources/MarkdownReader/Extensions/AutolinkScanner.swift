/// cmark-gfm's autolink rules on bytes: domains, the trailing punctuation a link leaves out, and
/// the three shapes (`www.`, `http(s)://`/`ftp://`, e-mail). All scans are linear.
enum AutolinkScanner {
    static func isAlpha(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
    static func isAlnum(_ byte: UInt8) -> Bool { isAlpha(byte) || (48...57).contains(byte) }
    static func isSpace(_ byte: UInt8) -> Bool { byte == 32 || (9...13).contains(byte) }

    /// cmark-gfm's `check_domain` from `start`: the domain's length, or 0 when it is not one
    /// (no dot unless `allowShort`, or `_` in one of the last two labels).
    static func domainLength(_ data: [UInt8], from start: Int, allowShort: Bool) -> Int {
        let size = data.count - start
        var index = 1
        var dots = 0
        var underscoresBeforeLastDot = 0
        var underscores = 0
        while index < size - 1 {
            if data[start + index] == UInt8(ascii: "\\"), index < size - 2 { index += 1 }
            let byte = data[start + index]
            if byte == UInt8(ascii: "_") {
                underscores += 1
            } else if byte == UInt8(ascii: ".") {
                underscoresBeforeLastDot = underscores
                underscores = 0
                dots += 1
            } else if !isHostChar(data, at: start + index), byte != UInt8(ascii: "-") {
                break
            }
            index += 1
        }
        if (underscoresBeforeLastDot > 0 || underscores > 0) && dots <= 10 { return 0 }
        if allowShort { return index }
        return dots > 0 ? index : 0
    }

    /// Neither space nor punctuation; a byte inside a multi-byte character does not decode, so it is not.
    private static func isHostChar(_ data: [UInt8], at index: Int) -> Bool {
        let byte = data[index]
        if byte < 0x80 {
            return !InlineText.isSpace(Unicode.Scalar(byte))
                && !InlineText.isPunctuation(Unicode.Scalar(byte))
        }
        guard byte & 0xC0 == 0xC0 else { return false }
        let scalar = InlineText.scalar(at: index, in: data)
        return !InlineText.isSpace(scalar) && !InlineText.isPunctuation(scalar)
    }

    /// cmark-gfm's `autolink_delim`: the link's end once trailing punctuation, an entity-like
    /// `&name;` and unbalanced `)` are left out. `start` is where the link begins in `data`.
    static func trimmedEnd(_ data: [UInt8], from start: Int, to end: Int) -> Int {
        var linkEnd = end
        if let angle = data[start..<end].firstIndex(of: UInt8(ascii: "<")) { linkEnd = angle }
        var opening = 0
        var closing = 0
        for byte in data[start..<linkEnd] {
            if byte == UInt8(ascii: "(") { opening += 1 } else if byte == UInt8(ascii: ")") { closing += 1 }
        }
        let trailing = Set("?!.,:*_~'\"".utf8)
        while linkEnd > start {
            let last = data[linkEnd - 1]
            if trailing.contains(last) {
                linkEnd -= 1
            } else if last == UInt8(ascii: ";") {
                var newEnd = linkEnd - 2
                while newEnd > start, isAlpha(data[newEnd]) { newEnd -= 1 }
                if newEnd < linkEnd - 2, newEnd >= start, data[newEnd] == UInt8(ascii: "&") {
                    linkEnd = newEnd
                } else {
                    linkEnd -= 1
                }
            } else if last == UInt8(ascii: ")") {
                if closing <= opening { break }
                closing -= 1
                linkEnd -= 1
            } else {
                break
            }
        }
        // Counts of what was cut are not needed again: a cut `)` only ever lowers `closing`.
        return linkEnd
    }

    /// The end of a link's body from `start`: up to whitespace or `<`.
    static func bodyEnd(_ data: [UInt8], from start: Int) -> Int {
        var end = start
        while end < data.count, !isSpace(data[end]), data[end] != UInt8(ascii: "<") { end += 1 }
        return end
    }
}
