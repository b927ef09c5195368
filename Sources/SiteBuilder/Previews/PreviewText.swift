import Foundation

/// Cutting a preview's code by characters, walking no more of it than needed.
enum PreviewText {
    /// The first lines of a code block within `limit` characters (at least one line, cut), and a
    /// line "…" when some were left out. By bytes when each scalar of the code is a Character of
    /// its own and it has no CR (each LF then ends a line, and a line's characters are its
    /// scalars), as most code is; read through a span, as the whole block is checked (walking
    /// its UTF-8 view cost five instructions a byte, its Characters some three hundred each).
    static func lines(of literal: String, within limit: Int) -> String {
        let bytes = literal.utf8.span
        let ascii = isASCII(bytes)
        guard ascii ? !contains(13, in: bytes) : separateScalarCount(bytes) != nil else {
            return characterLines(of: literal, within: limit)
        }
        guard !bytes.isEmpty else { return "\n…\n" }
        var kept: [UInt8] = []
        var keptCount = 0
        var start = 0
        while true {
            var end = start
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            let line = bytes.extracting(start..<end)
            let count = ascii ? line.count : scalarCount(line)
            guard keptCount + count + 1 <= limit else { break }
            for index in line.indices { kept.append(line[index]) }
            kept.append(10)
            keptCount += count + 1
            guard end < bytes.count else { break }
            start = end + 1
        }
        if kept.isEmpty {
            let characters = max(limit, 1)
            let end = min(bytes.count, ascii ? characters : byteOffset(ofScalar: characters, in: bytes))
            kept = Array(literal.utf8.prefix(end))
            kept.append(10)
        }
        return String(decoding: kept, as: UTF8.self) + "…\n"
    }

    /// Whether every byte is ASCII.
    private static func isASCII(_ bytes: Span<UInt8>) -> Bool {
        var high: UInt8 = 0
        for index in bytes.indices { high |= bytes[index] }
        return high < 0x80
    }

    private static func contains(_ byte: UInt8, in bytes: Span<UInt8>) -> Bool {
        bytes.indices.contains { bytes[$0] == byte }
    }

    /// `text.count`, by bytes when the text is ASCII: each byte is then a character but for a
    /// "\r\n", which is one; or when each scalar is a Character (``separateScalarCount(_:)``).
    /// Counting characters walked every one of them (a tenth of previews).
    static func characterCount(_ text: String) -> Int {
        let bytes = text.utf8.span
        guard isASCII(bytes) else { return separateScalarCount(bytes) ?? text.count }
        var pairs = 0
        var previous: UInt8 = 0
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 10, previous == 13 { pairs += 1 }
            previous = byte
        }
        return bytes.count - pairs
    }

    /// How many scalars the text has when each is a Character of its own, nil otherwise: no CR
    /// (it joins a LF after it), and every other scalar in ranges where none joins a neighbour
    /// (no combining or spacing mark, joiner, prepended mark, regional indicator or Hangul jamo;
    /// emoji, four bytes, are left out). Most text beyond ASCII is such (accents, dashes, quotes,
    /// arrows, Greek, Cyrillic, CJK), and counting its characters walked each at some three
    /// hundred instructions.
    static func separateScalarCount(_ bytes: Span<UInt8>) -> Int? {
        separatePrefix(of: bytes)?.scalars
    }

    /// ``separateScalarCount(_:)`` of the first `maximum` scalars only (all of them when there
    /// are fewer), and where they end.
    static func separatePrefix(of bytes: Span<UInt8>, maximum: Int = .max) -> (
        scalars: Int, end: Int
    )? {
        var count = 0
        var index = 0
        while index < bytes.count, count < maximum {
            let length = SingleScalarCharacters.scalarLength(lead: bytes[index])
            guard index + length <= bytes.count,
                SingleScalarCharacters.isStandalone(utf8: bytes.extracting(index..<index + length))
            else { return nil }
            index += length
            count += 1
        }
        return (count, index)
    }

    /// Whether a scalar of two or three UTF-8 bytes never joins a neighbour into one Character
    /// (``SingleScalarCharacters``; checked for each of them by `SeparateScalarTests`).
    static func isSeparate(_ scalar: UInt32) -> Bool {
        SingleScalarCharacters.isStandalone(scalar)
    }

    /// The scalars in bytes of well-formed UTF-8: every byte but continuation bytes starts one.
    static func scalarCount(_ bytes: Span<UInt8>) -> Int {
        var count = 0
        for index in bytes.indices where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Where the scalar numbered `scalar` (from 0) starts in bytes of well-formed UTF-8, or their
    /// end when they have no more.
    static func byteOffset(ofScalar scalar: Int, in bytes: Span<UInt8>) -> Int {
        var seen = 0
        for index in bytes.indices where bytes[index] & 0xC0 != 0x80 {
            if seen == scalar { return index }
            seen += 1
        }
        return bytes.count
    }

    /// The byte offsets of the Characters numbered `positions` (from 0, each at most the count),
    /// when each scalar up to the one after the furthest is a Character of its own (the
    /// Characters before it are then its scalars, whatever follows); nil otherwise. Read no
    /// further: a long paragraph is cut near its start.
    static func separateCharacterOffsets(_ positions: [Int], in text: String) -> [Int]? {
        let bytes = text.utf8.span
        guard let prefix = separatePrefix(of: bytes, maximum: (positions.max() ?? 0) + 1) else {
            return nil
        }
        let head = bytes.extracting(..<prefix.end)
        return positions.map { byteOffset(ofScalar: $0, in: head) }
    }

    /// ``lines(of:within:)`` by characters, for any text.
    static func characterLines(of literal: String, within limit: Int) -> String {
        var kept = ""
        // `kept`'s length kept as it grows (counting it again per line was quadratic): a line
        // and its "\n" add their counts, but for a lone "\r" at the very end, which the "\n"
        // joins into one character (inside, a "\r\n" is one character, not a line end). Lines
        // are found one at a time: a long block was split whole for its first lines.
        var keptCount = 0
        var start = literal.startIndex
        while true {
            let end = literal[start...].firstIndex(of: "\n") ?? literal.endIndex
            let line = literal[start..<end]
            let lineCount = line.count
            guard keptCount + lineCount + 1 <= limit else { break }
            kept += line + "\n"
            keptCount += line.last == "\r" ? lineCount : lineCount + 1
            guard end < literal.endIndex else { break }
            start = literal.index(after: end)
        }
        if kept.isEmpty { kept = String(literal.prefix(max(limit, 1))) + "\n" }
        return kept + "…\n"
    }
}
