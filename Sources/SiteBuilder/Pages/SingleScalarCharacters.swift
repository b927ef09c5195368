/// Text in which every Unicode scalar is a character of its own, whatever stands beside it: no
/// scalar that grapheme breaking joins to a neighbour (combining marks, joiners, variation
/// selectors, Hangul jamo, regional indicators, CR). There characters can be counted and cut by
/// scalars, where walking `Character`s costs a hundred instructions each. The ranges are a few
/// common scripts and punctuation, kept clear of every such scalar; other text walks characters.
enum SingleScalarCharacters {
    /// With `lineBreaks: false`, also none of LF, VT, FF and NEL (the line breaks it allows).
    static func hold(_ text: String, lineBreaks: Bool = true) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            isStandalone(scalar.value)
                && (lineBreaks || !(0x0A...0x0C ~= scalar.value || scalar.value == 0x85))
        }
    }

    static func isStandalone(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x0D, 0x0E..<0x0300:  // ASCII but CR, Latin-1, Latin Extended, IPA, modifier letters
            true
        case 0x0370..<0x0483:  // Greek, Cyrillic before its combining marks
            true
        case 0x2000..<0x200C, 0x200E..<0x2028, 0x2030..<0x205F:  // spaces, dashes, quotes, ellipsis, primes
            true
        case 0x20A0..<0x20C1, 0x2100..<0x2150, 0x2190..<0x2300:  // currency, letterlike, arrows, maths
            true
        case 0x3000..<0x302A, 0x3041..<0x3097, 0x30A0..<0x3100, 0x4E00..<0xA000, 0xFF01..<0xFF61:
            true  // CJK punctuation, kana, ideographs, full-width forms
        default:
            false
        }
    }

    /// ``isStandalone(_:)`` of the scalar whose UTF-8 this is.
    @inline(__always)
    static func isStandalone(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
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
    /// it: ASCII's, NEL, no-break space, the spaces U+2000 to U+200A and the ideographic space
    /// (the other whitespace scalars are not standalone).
    @inline(__always)
    static func isWhitespace(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        switch utf8.count {
        case 1: utf8[0] == 32 || (9...13).contains(utf8[0])
        case 2: utf8[0] == 0xC2 && (utf8[1] == 0x85 || utf8[1] == 0xA0)
        case 3:
            (utf8[0] == 0xE2 && utf8[1] == 0x80 && utf8[2] <= 0x8A)
                || (utf8[0] == 0xE3 && utf8[1] == 0x80 && utf8[2] == 0x80)
        default: false
        }
    }
}
