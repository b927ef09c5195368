/// Text in which every Unicode scalar is a character of its own, whatever stands beside it: no
/// scalar that grapheme breaking joins to a neighbour (combining marks, joiners, variation
/// selectors, Hangul jamo, regional indicators, CR). There characters can be counted and cut by
/// scalars, where walking `Character`s costs a hundred instructions each. The ranges are a few
/// common scripts and punctuation, kept clear of every such scalar; other text walks characters.
enum SingleScalarCharacters {
    /// With `lineBreaks: false`, also none of the line breaks it allows (LF, VT, FF, NEL, and the
    /// line and paragraph separators).
    static func hold(_ text: String, lineBreaks: Bool = true) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            isStandalone(scalar.value) && (lineBreaks || !isLineBreak(scalar.value))
        }
    }

    /// Whether the scalar alone is a line break (`Character.isNewline`): LF, VT, FF, CR, NEL and
    /// the line and paragraph separators. By value: a `Character` made per scalar to ask it was
    /// most of a description's cost.
    static func isLineBreak(_ value: UInt32) -> Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    static func isStandalone(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x0D, 0x0E..<0x80: true  // ASCII but CR
        case 0x80..<0x300,  // Latin-1, Latin Extended, IPA (combining marks start at U+0300)
            0x370..<0x483, 0x48A..<0x530,  // Greek, Cyrillic (but its combining marks)
            0x1E00..<0x1F00,  // Latin Extended Additional
            0x2000..<0x200C, 0x200E..<0x20D0,  // punctuation, currency (not ZWNJ, ZWJ)
            0x2100..<0x27C0,  // letterlike, arrows, math, box drawing, shapes, dingbats
            0x3000..<0x302A, 0x3041..<0x3097, 0x30A0..<0x3100,  // CJK punctuation, kana
            0x4E00..<0xA000,  // CJK ideographs
            0xAC00..<0xD7A4,  // Hangul syllables (they join only jamo)
            0xFF01..<0xFF9E:  // full-width forms (not the sound marks)
            true
        default: false
        }
    }

    /// ``isStandalone(_:)`` of the scalar whose UTF-8 this is.
    @inline(__always)
    static func isStandalone(utf8: Span<UInt8>) -> Bool {
        switch utf8.count {
        case 1: return utf8[0] != 0x0D
        case 2: return isStandalone(UInt32(utf8[0] & 0x1F) << 6 | UInt32(utf8[1] & 0x3F))
        case 3:
            return isStandalone(
                UInt32(utf8[0] & 0x0F) << 12 | UInt32(utf8[1] & 0x3F) << 6 | UInt32(utf8[2] & 0x3F))
        default: return false
        }
    }

    /// The UTF-8 length of the scalar `lead` starts (valid UTF-8).
    @inline(__always)
    static func scalarLength(lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Whether the UTF-8 of one standalone scalar is whitespace, as `Character.isWhitespace` tells
    /// it: ASCII's, NEL, no-break space, the spaces U+2000 to U+200A, the line and paragraph
    /// separators, the narrow and mathematical spaces and the ideographic space (the other
    /// whitespace scalars are not standalone).
    @inline(__always)
    static func isWhitespace(_ utf8: Span<UInt8>) -> Bool {
        switch utf8.count {
        case 1: utf8[0] == 32 || (9...13).contains(utf8[0])
        case 2: utf8[0] == 0xC2 && (utf8[1] == 0x85 || utf8[1] == 0xA0)
        case 3:
            (utf8[0] == 0xE2 && utf8[1] == 0x80
                && (utf8[2] <= 0x8A || utf8[2] == 0xA8 || utf8[2] == 0xA9 || utf8[2] == 0xAF))
                || (utf8[0] == 0xE2 && utf8[1] == 0x81 && utf8[2] == 0x9F)
                || (utf8[0] == 0xE3 && utf8[1] == 0x80 && utf8[2] == 0x80)
        default: false
        }
    }
}
