import NoteModel

/// The raw-source pass of Obsidian's syntax, before cmark: finds wikilinks, embeds, comments, math,
/// highlights and tags (outside fenced code and code spans) and records each as an edit, so that
/// cmark cannot eat them (`[[foo]]` with a `[foo]:` definition, `\` escapes in `$math$`, `_` in a
/// link's file name). One pass, each byte looked at a bounded number of times: linear.
struct ObsidianScanner {
    struct Found {
        var range: Range<Int>
        /// nil: removed without a trace (a comment on lines of its own).
        var token: ObsidianToken?
    }

    let bytes: [UInt8]
    let file: String
    let lines: LineTable
    /// Whether any line ends with CR (else a line's end is its LF, found with memchr).
    let hasCarriageReturn: Bool
    private(set) var found: [Found] = []

    private var fence: (byte: UInt8, count: Int)?
    /// A `==` that may open a highlight, waiting for its closer.
    private var pendingHighlight: Int?
    /// Backtick run lengths with no closer before the next blank line.
    private var unclosedTicks: Set<Int> = []
    private var commentsExhausted = false

    /// What `strcspn` reads: `bytes` themselves when their last byte is one it stops at (a line
    /// feed, as nearly every note ends), so it never reads past them; else `bytes` and a NUL (a
    /// copy of the note made for the NUL alone, once needed by every note).
    private let terminated: [UInt8]

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        lines = Byte.lineTable(bytes)
        hasCarriageReturn = Byte.contains(bytes, Byte.cr)
        terminated = bytes.last.map(Self.startsConstruct) == true ? bytes : bytes + [0]
    }

    mutating func scan(from start: Int) {
        var index = start
        var atLineStart = true
        while index < bytes.count {
            if atLineStart {
                atLineStart = false
                if let next = lineStart(index) {
                    index = next
                    continue
                }
            }
            let byte = bytes[index]
            switch byte {
            case Byte.lf, Byte.cr:
                index += byte == Byte.cr && index + 1 < bytes.count && bytes[index + 1] == Byte.lf ? 2 : 1
                atLineStart = true
            case Byte.backslash:
                index += index + 1 < bytes.count && Byte.isASCIIPunctuation(bytes[index + 1]) ? 2 : 1
            case Byte.backtick: index = codeSpan(index)
            case UInt8(ascii: "["): index = at(index, "[[") ? wikilink(index, embed: false) : index + 1
            case UInt8(ascii: "!"): index = at(index, "![[") ? wikilink(index, embed: true) : index + 1
            case UInt8(ascii: "%"): index = at(index, "%%") ? inlineComment(index) : index + 1
            case UInt8(ascii: "$"): index = math(index)
            case UInt8(ascii: "="): index = highlight(index)
            case UInt8(ascii: "#"): index = tag(index)
            case 0xEE:
                // U+E000 and U+E001 in the source would pass for placeholders: keep them apart.
                if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] <= 0x81,
                    bytes[index + 2] >= 0x80
                {
                    record(index..<index + 3, .literal)
                    index += 3
                } else {
                    index += 1
                }
            default:
                // Most bytes are none of the above: pass a run of them at once.
                index = plainRunEnd(from: index + 1)
            }
        }
    }

    /// A heading, quote, list item or table row may start with this byte (a switch: a string's
    /// `utf8.contains` here was a third of the scan).
    private static func startsBlock(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: isBulletMarker(byte)
        }
    }

    private static func isBulletMarker(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+")
    }

    /// Where the run of bytes from `start` that ``startsConstruct(_:)`` passes over ends. libc's
    /// `strcspn` finds the next of those bytes many bytes a step, where a loop over the bytes
    /// took one step a byte; it stops at a NUL too, which is passed over here.
    func plainRunEnd(from start: Int) -> Int {
        Byte.runEnd(in: terminated, count: bytes.count, from: start, outside: Self.constructSet)
    }

    /// The bytes of ``startsConstruct(_:)``, as a C string.
    private static let constructSet: [CChar] = [
        10, 13, 92, 96, 91, 33, 37, 36, 61, 35, CChar(bitPattern: 0xEE), 0,
    ]

    /// The bytes `scan` acts on (every case of its switch but the default).
    static func startsConstruct(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "["),
            UInt8(ascii: "!"), UInt8(ascii: "%"), UInt8(ascii: "$"), UInt8(ascii: "="), UInt8(ascii: "#"),
            0xEE:
            true
        default: false
        }
    }

    // MARK: Lines

    /// Handles what only matters at a line start; returns where to go on when the line is consumed.
    private mutating func lineStart(_ start: Int) -> Int? {
        let end = lineEnd(start)
        if isBlank(start, end) {
            pendingHighlight = nil
            // Nearly always empty already: emptying it anew cost a release per blank line.
            if !unclosedTicks.isEmpty { unclosedTicks.removeAll() }
        }
        if let open = fence {
            if closesFence(open, start, end) {
                fence = nil
            }
            return end
        }
        if let open = fenceMarker(start, end), open.byte == Byte.tilde || !open.infoHasBacktick {
            fence = (open.byte, open.count)
            return end
        }
        let first = firstNonSpace(start, end)
        if first < end, Self.startsBlock(bytes[first]) { pendingHighlight = nil }
        if first + 1 < end, at(first, "%%"), !commentsExhausted {
            // A comment on lines of its own goes entirely, leaving a blank line (it separates blocks).
            guard let close = commentClose(from: first + 2) else {
                commentsExhausted = true
                return nil
            }
            let closeEnd = lineEnd(close + 2)
            if isBlank(close + 2, closeEnd) {
                record(start..<closeEnd, nil)
                return closeEnd
            }
        }
        return nil
    }

    private struct FenceMarker {
        var byte: UInt8
        var count: Int
        var restIsBlank: Bool
        var infoHasBacktick: Bool
    }

    /// A ``` or ~~~ run after the line's indentation, quote markers and list markers.
    private func fenceMarker(_ start: Int, _ end: Int) -> FenceMarker? {
        var index = start
        while index < end, bytes[index] == Byte.space || bytes[index] == Byte.tab || bytes[index] == 0x3E {
            index += 1
        }
        if index + 1 < end, Self.isBulletMarker(bytes[index]), bytes[index + 1] == Byte.space {
            index += 2
            while index < end, bytes[index] == Byte.space { index += 1 }
        }
        guard index < end, bytes[index] == Byte.backtick || bytes[index] == Byte.tilde else { return nil }
        let byte = bytes[index]
        var count = 0
        while index < end, bytes[index] == byte {
            count += 1
            index += 1
        }
        guard count >= 3 else { return nil }
        return FenceMarker(
            byte: byte, count: count, restIsBlank: isBlank(index, end),
            infoHasBacktick: bytes[index..<end].contains(Byte.backtick))
    }

    private func closesFence(_ open: (byte: UInt8, count: Int), _ start: Int, _ end: Int) -> Bool {
        guard let close = fenceMarker(start, end) else { return false }
        return close.byte == open.byte && close.count >= open.count && close.restIsBlank
    }

    // MARK: Constructs

    /// Skips a code span whole (nothing inside is Obsidian's syntax), or just its opening backticks.
    private mutating func codeSpan(_ start: Int) -> Int {
        let count = runLength(start, of: Byte.backtick)
        let after = start + count
        guard !unclosedTicks.contains(count) else { return after }
        var index = after
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.backtick {
                let run = runLength(index, of: Byte.backtick)
                if run == count { return index + run }
                index += run
            } else if byte == Byte.lf || byte == Byte.cr {
                let next = index + 1
                if isBlank(next, lineEnd(next)) { break }
                index = next
            } else {
                index += 1
            }
        }
        unclosedTicks.insert(count)
        return after
    }

    /// `[[...]]` or `![[...]]` on one line, with no `[` or `]` inside.
    private mutating func wikilink(_ start: Int, embed: Bool) -> Int {
        let open = start + (embed ? 3 : 2)
        var index = open
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == Byte.lf || byte == Byte.cr {
                break
            }
            index += 1
        }
        guard index + 1 < bytes.count, index > open, at(index, "]]") else { return start + 1 }
        let inner = String(decoding: bytes[open..<index], as: UTF8.self)
        let (line, column) = lines.position(of: start)
        let location = SourceLocation(file: file, line: line, column: column)
        guard let link = WikiLinkParser.parse(inner, embed: embed, at: location) else { return start + 1 }
        record(start..<index + 2, .wikilink(link))
        return index + 2
    }

    private mutating func inlineComment(_ start: Int) -> Int {
        guard !commentsExhausted, let close = commentClose(from: start + 2) else {
            commentsExhausted = true
            return start + 2
        }
        record(start..<close + 2, .comment)
        return close + 2
    }

    /// `$$...$$` (lines allowed, not a blank one) or `$...$` on one line, pandoc's rules: no space
    /// inside the dollars, and no digit right after the closing one (so "$5 and $10" is money).
    private mutating func math(_ start: Int) -> Int {
        if at(start, "$$") {
            var index = start + 2
            while index + 1 < bytes.count {
                if at(index, "$$") {
                    let tex = String(decoding: bytes[start + 2..<index], as: UTF8.self)
                    guard tex.contains(where: { !$0.isWhitespace }) else { return index }
                    record(start..<index + 2, .math(display: true, tex: tex))
                    return index + 2
                }
                if bytes[index] == Byte.lf || bytes[index] == Byte.cr, isBlank(index + 1, lineEnd(index + 1))
                {
                    break
                }
                index += 1
            }
            return start + 2
        }
        guard start + 1 < bytes.count, !Byte.isSpace(bytes[start + 1]) else { return start + 1 }
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.lf || byte == Byte.cr { return index }
            if byte == Byte.backslash, index + 1 < bytes.count, bytes[index + 1] != Byte.lf,
                bytes[index + 1] != Byte.cr
            {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "$") { break }
            index += 1
        }
        guard index < bytes.count else { return index }
        let closes =
            !Byte.isSpace(bytes[index - 1]) && !(index + 1 < bytes.count && Byte.isDigit(bytes[index + 1]))
        guard closes else { return index }
        let tex = String(decoding: bytes[start + 1..<index], as: UTF8.self)
        record(start..<index + 1, .math(display: false, tex: tex))
        return index + 1
    }

    /// A run of exactly two `=`: a closer after text, an opener before text; paired in order.
    private mutating func highlight(_ start: Int) -> Int {
        let count = runLength(start, of: UInt8(ascii: "="))
        guard count == 2 else { return start + count }
        let before = start > 0 ? bytes[start - 1] : Byte.lf
        let after = start + 2 < bytes.count ? bytes[start + 2] : Byte.lf
        if let open = pendingHighlight, !Byte.isSpace(before) {
            record(open..<open + 2, .highlightOpen)
            record(start..<start + 2, .highlightClose)
            pendingHighlight = nil
        } else if !Byte.isSpace(after) {
            pendingHighlight = start
        }
        return start + 2
    }

    /// `#name` after a space or a line start: letters, digits, `_`, `-`, `/` and any non-ASCII
    /// letter, not only digits. So not a heading's `#`, a URL's fragment, or `&#35;`.
    private mutating func tag(_ start: Int) -> Int {
        guard start == 0 || Byte.isSpace(bytes[start - 1]) else { return start + 1 }
        var index = start + 1
        var hasNonDigit = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                guard isLetter || Byte.isDigit(byte) || "_-/".utf8.contains(byte) else { break }
                if !Byte.isDigit(byte) { hasNonDigit = true }
            } else {
                // Stop at a placeholder-like U+E000/U+E001 and at a no-break space.
                if byte == 0xEE, index + 2 < bytes.count, bytes[index + 1] == 0x80 { break }
                if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0xA0 { break }
                hasNonDigit = true
            }
            index += 1
        }
        guard hasNonDigit else { return index }
        let name = String(decoding: bytes[start + 1..<index], as: UTF8.self)
        record(start..<index, .tag(name))
        return index
    }

    // MARK: Helpers

    private mutating func record(_ range: Range<Int>, _ kind: ObsidianToken.Kind?) {
        let original = String(decoding: bytes[range], as: UTF8.self)
        found.append(Found(range: range, token: kind.map { ObsidianToken(kind: $0, original: original) }))
    }

    private func at(_ index: Int, _ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { wanted in
            for offset in 0..<count where bytes[index + offset] != wanted[offset] { return false }
            return true
        }
    }

    /// The `%%` that closes a comment: anywhere after (a comment may hide whole blocks, code
    /// included), but not inside fenced code, where `%%` is code.
    private func commentClose(from start: Int) -> Int? {
        var index = start
        var fence: (byte: UInt8, count: Int)?
        var atLineStart = false
        while index < bytes.count {
            if atLineStart {
                atLineStart = false
                let end = lineEnd(index)
                if let open = fence {
                    if closesFence(open, index, end) {
                        fence = nil
                    }
                    index = end
                    continue
                }
                if let open = fenceMarker(index, end), open.byte == Byte.tilde || !open.infoHasBacktick {
                    fence = (open.byte, open.count)
                    index = end
                    continue
                }
            }
            let byte = bytes[index]
            if byte == Byte.lf || byte == Byte.cr {
                atLineStart = true
            } else if byte == UInt8(ascii: "%"), at(index, "%%") {
                return index
            }
            index += 1
        }
        return nil
    }

    private func runLength(_ start: Int, of byte: UInt8) -> Int {
        var index = start
        while index < bytes.count, bytes[index] == byte { index += 1 }
        return index - start
    }

    private func lineEnd(_ start: Int) -> Int {
        if !hasCarriageReturn {
            return Byte.firstIndex(of: Byte.lf, in: bytes, from: start) ?? bytes.count
        }
        var index = start
        while index < bytes.count, bytes[index] != Byte.lf, bytes[index] != Byte.cr { index += 1 }
        return index
    }

    private func firstNonSpace(_ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end, bytes[index] == Byte.space || bytes[index] == Byte.tab { index += 1 }
        return index
    }

    private func isBlank(_ start: Int, _ end: Int) -> Bool {
        firstNonSpace(start, end) == end
    }
}
