internal import CCmark

/// Cells whose tree the table pass makes itself, as cmark would, rather than parse them: a plain
/// one (``TablePass/isPlain(_:smart:)``), one code span, one inline link with plain text.
extension TablePass {
    /// Whether cmark must parse the cell: none of the shortcuts reads it.
    static func needsParse(_ text: [UInt8], smart: Bool) -> Bool {
        !isPlain(text, smart: smart) && codeSpanLiteral(text) == nil && plainLink(text, smart: smart) == nil
    }

    /// The literal of the code span a cell is, when it is one and nothing else, as cmark reads it:
    /// between backtick runs of one length with no run of that length in between, one space cut
    /// from each end when both have one and something else is there. Such cells (two in five
    /// that need more than a text node) then need no parse.
    static func codeSpanLiteral(_ text: [UInt8]) -> ArraySlice<UInt8>? {
        let tick = UInt8(ascii: "`")
        var length = 0
        while length < text.count, text[length] == tick { length += 1 }
        let closer = text.count - length
        // A NUL would be read as U+FFFD; a cell holds no line ending.
        guard length > 0, closer > length, text[closer - 1] != tick, !text.contains(0),
            text[closer...].allSatisfy({ $0 == tick })
        else { return nil }
        var index = length
        while index < closer {
            guard text[index] == tick else {
                index += 1
                continue
            }
            let start = index
            while index < closer, text[index] == tick { index += 1 }
            if index - start == length { return nil }
        }
        let content = text[length..<closer]
        if content.first == 32, content.last == 32, content.contains(where: { $0 != 32 }) {
            return content.dropFirst().dropLast()
        }
        return content
    }

    /// The text and destination of the inline link a cell is, when it is one and nothing else
    /// (`[text](url)`, a fifth of the cells that are not plain) with plain text and a destination
    /// cmark takes byte for byte: no title, no space, and no byte an escape, an entity, pointy
    /// brackets, nested parentheses or quotes would read otherwise. Text defined as a link label
    /// changes nothing: a valid inline link comes first.
    static func plainLink(_ text: [UInt8], smart: Bool) -> (text: ArraySlice<UInt8>, url: ArraySlice<UInt8>)?
    {
        guard text.first == UInt8(ascii: "["), text.last == UInt8(ascii: ")"),
            let close = text.firstIndex(of: UInt8(ascii: "]")), close > 1, close + 3 < text.count,
            text[close + 1] == UInt8(ascii: "(")
        else { return nil }
        let label = text[1..<close]
        let url = text[(close + 2)..<(text.count - 1)]
        guard isPlain(label, smart: smart), url.allSatisfy(isPlainURLByte) else { return nil }
        return (label, url)
    }

    private static func isPlainURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"),
            UInt8(ascii: "&"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "["),
            UInt8(ascii: "]"):
            false
        default: byte > 32 && byte < 127
        }
    }
}
