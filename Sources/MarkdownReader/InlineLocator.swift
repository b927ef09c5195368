/// Finds where each inline node of one leaf block is written, walking the block's source beside
/// cmark's nodes, which come in source order.
///
/// cmark's own inline positions drift (a line short after a backslash hard break or a link title
/// spanning lines, columns off on indented, lazy or tabbed continuation lines), but block positions
/// are reliable and every source byte of a paragraph belongs to some node, a delimiter or a line's
/// container prefix: so a cursor moved over delimiters, literals and line breaks lands on each
/// node's first byte. Offsets are into the bytes cmark parsed.
struct InlineLocator {
    let bytes: [UInt8]
    private(set) var cursor: Int
    /// Just past the block's last line.
    let limit: Int
    /// Block quotes around the block: `>` markers to skip after each line break.
    let quoteDepth: Int

    init(bytes: [UInt8], start: Int, limit: Int, quoteDepth: Int) {
        self.bytes = bytes
        cursor = min(max(0, start), bytes.count)
        self.limit = min(max(cursor, limit), bytes.count)
        self.quoteDepth = quoteDepth
    }

    private func byte(_ index: Int) -> UInt8? { index < limit ? bytes[index] : nil }

    /// Moves over `literal` (a text node's or inline HTML's), allowing for backslash escapes,
    /// entities, line breaks with their container prefix, and whitespace cmark dropped.
    /// Returns where the literal was written.
    @discardableResult
    mutating func text(_ literal: String) -> Range<Int> {
        // The literal's UTF-8 in place: a copy per text node was a measurable share of reading.
        text(bytes: literal.utf8.span)
    }

    /// `plain`: the caller found the literal ``isPlain(_:)`` already.
    @discardableResult
    mutating func text(bytes literal: Span<UInt8>, plain: Bool = false) -> Range<Int> {
        // Blanks before the text are cmark's to drop; a line ending is a break node's own.
        if !literal.isEmpty, !Byte.isSpace(literal[0]) {
            while let here = byte(cursor), here == Byte.space || here == Byte.tab { cursor += 1 }
        }
        let start = cursor
        // Most text is written as it reads: no escape, entity or line break in it, and the same
        // bytes at the cursor. Then the walk below would only step both along.
        if plain || Self.isPlain(literal), literal.count <= limit - cursor, matches(literal, at: cursor) {
            cursor += literal.count
            return start..<cursor
        }
        var index = 0
        while index < literal.count, cursor < limit {
            let wanted = literal[index]
            let here = bytes[cursor]
            if here == UInt8(ascii: "&"), let end = entityEnd(cursor),
                !Self.starts(literal, at: index, with: bytes[cursor..<end])
            {
                // cmark decodes entities (`&amp;` is its own text node `&`).
                cursor = end
                index += Self.scalarLength(literal[index])
            } else if Self.isNewline(here) && Self.isNewline(wanted) {
                index +=
                    wanted == Byte.cr && index + 1 < literal.count && literal[index + 1] == Byte.lf ? 2 : 1
                newline()
            } else if here == Byte.backslash, byte(cursor + 1) == wanted, Byte.isASCIIPunctuation(wanted) {
                // An escape (`\\` too, which cmark reads as one `\`).
                cursor += 2
                index += 1
            } else if here == wanted {
                cursor += 1
                index += 1
            } else if wanted == Byte.space || wanted == Byte.tab {
                index += 1
            } else if here == Byte.space || here == Byte.tab {
                cursor += 1
            } else if Self.isNewline(here) {
                newline()
            } else if let found = search(literal.extracting(index..<min(index + 8, literal.count))) {
                cursor = found
            } else {
                index += 1
            }
        }
        return min(start, cursor)..<cursor
    }

    /// A code span: its backtick run, the code, and the closing run of the same length.
    mutating func codeSpan() -> Range<Int> {
        skipSpaces()
        if byte(cursor) != Byte.backtick, let found = search(Byte.backtick) { cursor = found }
        let start = cursor
        let count = run(of: Byte.backtick, at: cursor)
        var index = cursor + count
        while index < limit {
            if bytes[index] == Byte.backtick {
                let length = run(of: Byte.backtick, at: index)
                if length == count {
                    cursor = index + length
                    return start..<cursor
                }
                index += length
            } else {
                index += 1
            }
        }
        cursor = index
        return start..<cursor
    }

    /// A soft or hard line break: trailing spaces or a backslash, the line ending, and the next
    /// line's container prefix. Returns the break itself (up to the line's end).
    mutating func lineBreak() -> Range<Int> {
        let start = cursor
        while let here = byte(cursor), here == Byte.space || here == Byte.tab || here == Byte.backslash {
            cursor += 1
        }
        let end = cursor
        if let here = byte(cursor), Self.isNewline(here) {
            newline()
            return start..<min(cursor, end + (here == Byte.cr && byte(end + 1) == Byte.lf ? 2 : 1))
        }
        return start..<end
    }

    /// Opens a span written with `count` delimiter bytes from `delimiters` (`*`, `_`, `~`, `=`);
    /// returns its start.
    mutating func open(_ delimiters: String, count: Int) -> Int {
        skipSpaces()
        let start = cursor
        take(delimiters, count: count)
        return start
    }

    /// Closes such a span; returns its end.
    mutating func close(_ delimiters: String, count: Int) -> Int {
        take(delimiters, count: count)
        return cursor
    }

    /// The number of bytes of a delimiter run at the cursor (a `~` or `~~` strikethrough).
    func delimiterRun(_ delimiter: UInt8) -> Int { run(of: delimiter, at: cursor) }

    /// Opens a link (`[`, `<` of an autolink, nothing for a bare `www.` one) or an image (`![`);
    /// returns its start and the opening byte.
    mutating func openLink(image: Bool) -> (start: Int, opener: UInt8?) {
        skipSpaces()
        let start = cursor
        if image, byte(cursor) == UInt8(ascii: "!") { cursor += 1 }
        guard let here = byte(cursor), here == UInt8(ascii: "[") || here == UInt8(ascii: "<") else {
            return (start, nil)
        }
        cursor += 1
        return (start, here)
    }

    /// Closes a link or image: `]` and its `(destination "title")` or `[label]`, or an autolink's
    /// `>`. Returns its end.
    mutating func closeLink(opener: UInt8?) -> Int {
        if opener == UInt8(ascii: "<") {
            if let found = search(UInt8(ascii: ">")) { cursor = found + 1 }
            return cursor
        }
        guard opener == UInt8(ascii: "[") else { return cursor }
        if byte(cursor) != UInt8(ascii: "]"), let found = search(UInt8(ascii: "]")) { cursor = found }
        guard byte(cursor) == UInt8(ascii: "]") else { return cursor }
        cursor += 1
        if byte(cursor) == UInt8(ascii: "(") {
            cursor = InlineLocator.inlineLinkEnd(bytes, from: cursor + 1, limit: limit)
        } else if byte(cursor) == UInt8(ascii: "["), let found = search(UInt8(ascii: "]")) {
            cursor = found + 1
        }
        return cursor
    }

    /// Just past the next `byte` (a footnote reference's `]`), if the block has one.
    func end(after byte: UInt8) -> Int? { search(byte).map { $0 + 1 } }

    /// Moves forward to `offset` (never back).
    mutating func advance(to offset: Int) -> Int {
        cursor = min(max(cursor, offset), limit)
        return cursor
    }

    // MARK: Pieces

    private mutating func take(_ delimiters: String, count: Int) {
        var taken = 0
        while taken < count, let here = byte(cursor), delimiters.utf8.contains(here) {
            cursor += 1
            taken += 1
        }
    }

    /// Skips spaces and tabs, and line endings with the next line's prefix.
    private mutating func skipSpaces() {
        while let here = byte(cursor) {
            if here == Byte.space || here == Byte.tab {
                cursor += 1
            } else if Self.isNewline(here) {
                newline()
            } else {
                return
            }
        }
    }

    /// Moves over one line ending and the next line's indentation and `>` markers.
    private mutating func newline() {
        if byte(cursor) == Byte.cr { cursor += 1 }
        if byte(cursor) == Byte.lf { cursor += 1 }
        var quotes = quoteDepth
        while let here = byte(cursor) {
            if here == Byte.space || here == Byte.tab {
                cursor += 1
            } else if here == UInt8(ascii: ">"), quotes > 0 {
                quotes -= 1
                cursor += 1
            } else {
                return
            }
        }
    }

    private func run(of delimiter: UInt8, at start: Int) -> Int {
        var end = start
        while end < limit, bytes[end] == delimiter { end += 1 }
        return end - start
    }

    /// The first place at or after the cursor where `needle` is written, within the block.
    private func search(_ needle: Span<UInt8>) -> Int? {
        let count = needle.count
        guard count > 0, cursor + count <= limit else { return nil }
        var index = cursor
        while index + count <= limit {
            if bytes[index] == needle[0], Self.starts(needle, at: 0, with: bytes[index..<index + count]) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The next `byte` from the cursor on, before the limit.
    private func search(_ byte: UInt8) -> Int? {
        Byte.firstIndex(of: byte, in: bytes, from: cursor, to: limit)
    }

    /// Whether `literal` from `index` on starts with `prefix`.
    private static func starts(_ literal: Span<UInt8>, at index: Int, with prefix: ArraySlice<UInt8>) -> Bool
    {
        guard literal.count - index >= prefix.count else { return false }
        var offset = index
        for byte in prefix {
            if literal[offset] != byte { return false }
            offset += 1
        }
        return true
    }

    /// Just past an entity or numeric character reference at `start`, if one is there.
    private func entityEnd(_ start: Int) -> Int? {
        var index = start + 1
        let numeric = byte(index) == UInt8(ascii: "#")
        if numeric { index += 1 }
        let bodyStart = index
        while let here = byte(index), index - bodyStart < 32,
            Byte.isDigit(here) || (0x61...0x7A).contains(here | 0x20)
        {
            index += 1
        }
        guard index > bodyStart, byte(index) == UInt8(ascii: ";") else { return nil }
        return index + 1
    }

    /// Just past an inline link's `destination "title")`, `from` just after the `(`.
    static func inlineLinkEnd(_ bytes: [UInt8], from start: Int, limit: Int) -> Int {
        var index = start
        func skipWhitespace() {
            while index < limit, Byte.isSpace(bytes[index]) { index += 1 }
        }
        /// Moves past the unescaped `close`.
        func pass(_ close: UInt8) {
            while index < limit, bytes[index] != close {
                index += bytes[index] == Byte.backslash ? 2 : 1
            }
            index = min(limit, index + 1)
        }
        skipWhitespace()
        if index < limit, bytes[index] == UInt8(ascii: "<") {
            index += 1
            pass(UInt8(ascii: ">"))
        } else {
            var depth = 0
            while index < limit, !Byte.isSpace(bytes[index]) {
                let here = bytes[index]
                if here == UInt8(ascii: "(") { depth += 1 }
                if here == UInt8(ascii: ")") {
                    if depth == 0 { return index + 1 }
                    depth -= 1
                }
                index += here == Byte.backslash ? 2 : 1
            }
        }
        skipWhitespace()
        if index < limit, let close = Self.titleCloser(bytes[index]) {
            index += 1
            pass(close)
            skipWhitespace()
        }
        if index < limit, bytes[index] == UInt8(ascii: ")") { return index + 1 }
        return min(index, limit)
    }

    private static func titleCloser(_ open: UInt8) -> UInt8? {
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): open
        case UInt8(ascii: "("): UInt8(ascii: ")")
        default: nil
        }
    }

    /// Whether the block's bytes at `offset` are `literal`'s (which fits before the limit).
    private func matches(_ literal: Span<UInt8>, at offset: Int) -> Bool {
        Byte.equal(bytes.span.extracting(offset..<offset + literal.count), literal)
    }

    /// Whether text holds none of the bytes the walk treats specially (`&`, `\`, line endings).
    static func isPlain(_ literal: Span<UInt8>) -> Bool {
        guard !literal.isEmpty else { return false }
        for index in literal.indices where isSpecial(literal[index]) { return false }
        return true
    }

    static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == Byte.backslash || byte == Byte.lf || byte == Byte.cr
    }

    private static func isNewline(_ byte: UInt8) -> Bool { byte == Byte.lf || byte == Byte.cr }

    /// The length of the UTF-8 sequence a lead byte starts.
    private static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
