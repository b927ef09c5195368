import Foundation

/// Splits text into search terms, the same way Templates/theme/search-engine.js splits a query:
/// both sides must agree, or a word in a note could never be found.
///
/// A word is a letter or digit followed by letters, digits and marks. Each character (a letter or
/// digit with its marks) is folded: compatibility-decomposed (`ﬁ` is `fi`, full-width `Ａ` is `A`),
/// lower-cased, accents dropped (`Café` is `cafe`), recomposed, final sigma as sigma. Chinese,
/// Japanese and Korean have no spaces between words, so a run of their characters becomes its
/// overlapping pairs (`東京都` gives `東京`, `京都`) plus its last character alone, so that a one-
/// character query, matched as a prefix, finds every character.
enum SearchTokenizer {
    /// Longer words are cut to this many characters (hashes and base64 would bloat the vocabulary).
    static let maxWordLength = 40

    /// The terms of `text`, in order, repeated as often as they occur.
    static func terms(in text: String) -> [String] {
        var terms: [String] = []
        forEachTerm(in: text) { terms.append(String(decoding: $0.bytes, as: UTF8.self)) }
        return terms
    }

    /// Calls `body` with each term of `text`, in order, as UTF-8 bytes valid only during the call.
    static func forEachTerm(in text: String, _ body: (HashedTerm) -> Void) {
        forEachTerm(inUTF8: text.utf8.span, body)
    }

    /// The terms of one word with more than ASCII letters and digits.
    static func forEachTerm(
        ofWord word: String, _ folds: inout [String: String], _ body: (HashedTerm) -> Void
    ) {
        var terms: [String] = []
        split(Array(word.unicodeScalars), into: &terms, folds: &folds)
        for term in terms { HashedTerm.with(term.utf8.span, body) }
    }

    /// A word with more than ASCII letters and digits, character by character (a letter or digit
    /// with its marks): folded, CJK runs as pairs plus their last character.
    private static func split(
        _ word: [Unicode.Scalar], into terms: inout [String], folds: inout [String: String]
    ) {
        var latin = ""
        var latinLength = 0
        var cjk: [String] = []
        func flushLatin() {
            if !latin.isEmpty { terms.append(latin) }
            latin = ""
            latinLength = 0
        }
        func flushCJK() {
            guard let last = cjk.last else { return }
            for index in cjk.indices.dropLast() { terms.append(cjk[index] + cjk[index + 1]) }
            terms.append(last)
            cjk.removeAll()
        }
        var start = 0
        while start < word.count {
            var end = start + 1
            while end < word.count, kind(of: word[end]) == .mark { end += 1 }
            let folded = fold(String(String.UnicodeScalarView(word[start..<end])), cache: &folds)
            start = end
            guard let first = folded.unicodeScalars.first else { continue }
            if isCJK(first) {
                flushLatin()
                cjk.append(folded)
            } else {
                flushCJK()
                if latinLength < maxWordLength { latin += folded }
                latinLength += 1
            }
        }
        flushLatin()
        flushCJK()
    }

    enum ScalarKind { case base, mark, other }

    /// Letters and digits start characters; marks extend them (JavaScript's `\p{L}\p{N}` and `\p{M}`).
    static func kind(of scalar: Unicode.Scalar) -> ScalarKind {
        if scalar.isASCII {
            let value = scalar.value
            let isAlphanumeric =
                (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
                || (0x61...0x7A).contains(value)
            return isAlphanumeric ? .base : .other
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return .base
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .mark
        default:
            return .other
        }
    }

    /// One character folded for matching (see the type's comment); ASCII without Foundation.
    static func fold(_ character: String) -> String {
        var cache: [String: String] = [:]
        return fold(character, cache: &cache)
    }

    private static func fold(_ character: String, cache: inout [String: String]) -> String {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, scalar.isASCII {
            let value = scalar.value
            guard (0x41...0x5A).contains(value), let lower = Unicode.Scalar(value + 0x20) else {
                return character
            }
            return String(Character(lower))
        }
        if let known = cache[character] { return known }
        let lowered = character.decomposedStringWithCompatibilityMapping.lowercased()
        var kept = String.UnicodeScalarView()
        for scalar in lowered.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            kept.append(scalar == "\u{03C2}" ? "\u{03C3}" : scalar)
        }
        let folded = String(kept).precomposedStringWithCanonicalMapping
        cache[character] = folded
        return folded
    }

    /// Han, Hiragana, Katakana and Hangul (the same ranges as search-engine.js).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        cjkRanges.contains { $0.contains(scalar.value) }
    }

    static let cjkRanges: [ClosedRange<UInt32>] = [
        0x1100...0x11FF, 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3038...0x303B,
        0x3041...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFFDC, 0x20000...0x3134F,
    ]
}
