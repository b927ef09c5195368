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
        var text = text
        text.withUTF8 { forEachTerm(inUTF8: $0, body) }
    }

    /// The same for valid UTF-8 bytes. A plain ASCII word (the common case) is lower-cased into a
    /// buffer that its hash reads eight bytes at a time, and becomes no String at all. Inlined, so
    /// that `body` (the counter) is too: called through a closure, the call was a third of a word.
    @inline(__always)
    static func forEachTerm(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (HashedTerm) -> Void) {
        // Whole eight-byte chunks, so that a word's hash may read its last chunk whole.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: loweredCapacity) { lowered in
            byteClasses.withUnsafeBufferPointer { table in
                guard let base = lowered.baseAddress, let table = table.baseAddress else { return }
                lowered.initialize(repeating: 0)
                var words = WordScanner(bytes: bytes, lowered: lowered, table: table)
                while let word = words.next() {
                    if word.isASCII {
                        body(HashedTerm(padded: base, count: word.loweredCount))
                    } else {
                        let word = UnsafeBufferPointer(rebasing: bytes[word.range])
                        forEachTerm(ofWord: word, &words.folds, body)
                    }
                }
            }
        }
    }

    /// The terms of one word with more than ASCII letters and digits.
    private static func forEachTerm(
        ofWord word: UnsafeBufferPointer<UInt8>, _ folds: inout [String: String], _ body: (HashedTerm) -> Void
    ) {
        var terms: [String] = []
        split(Array(String(decoding: word, as: UTF8.self).unicodeScalars), into: &terms, folds: &folds)
        for var term in terms { term.withUTF8 { body(HashedTerm($0)) } }
    }

    /// `maxWordLength` rounded up to whole eight-byte chunks, at least two (`HashedTerm`'s head).
    private static let loweredCapacity = max(16, (maxWordLength + 7) & ~7)

    /// Per byte, what it is to a word: `letterOrDigit` (ASCII), `pastASCII`, or 0 for a separator.
    static let byteClasses: [UInt8] = (0..<256).map { byte in
        if byte >= 0x80 { return pastASCII }
        let isLetter = (0x61...0x7A).contains(byte | 0x20)
        return isLetter || (0x30...0x39).contains(byte) ? letterOrDigit : 0
    }
    static let letterOrDigit: UInt8 = 1
    static let pastASCII: UInt8 = 2

    /// The words of valid UTF-8 text: runs of letters and digits with their marks.
    struct WordScanner {
        typealias Word = (range: Range<Int>, isASCII: Bool, loweredCount: Int)
        let bytes: UnsafeBufferPointer<UInt8>
        /// The current word's ASCII bytes lower-cased (at most `maxWordLength`), while it is all ASCII.
        let lowered: UnsafeMutableBufferPointer<UInt8>
        /// `byteClasses`, read through a pointer at every byte.
        let table: UnsafePointer<UInt8>
        let loweredLimit = SearchTokenizer.maxWordLength
        var index = 0
        var folds: [String: String] = [:]

        init(
            bytes: UnsafeBufferPointer<UInt8>, lowered: UnsafeMutableBufferPointer<UInt8>,
            table: UnsafePointer<UInt8>
        ) {
            self.bytes = bytes
            self.lowered = lowered
            self.table = table
        }

        /// The next word. Separators are skipped and an ASCII word's end found by the table, a load
        /// and a test a byte (a separate test for bytes past ASCII was two instructions more), its
        /// bytes then lowered eight at a time; at a byte past ASCII, the general walk goes on from
        /// where this stands.
        mutating func next() -> Word? {
            guard let bytes = bytes.baseAddress else { return nil }
            let end = self.bytes.count
            // Walked by a pointer: by an index, the loop kept three counters.
            let last = bytes + end
            var byte = bytes + self.index
            while byte < last, table[Int(byte.pointee)] == 0 { byte += 1 }
            let start = byte - bytes
            while byte < last, table[Int(byte.pointee)] == SearchTokenizer.letterOrDigit { byte += 1 }
            let index = byte - bytes
            if index < end, bytes[index] >= 0x80 {
                self.index = index
                let count = lower(from: start, to: index)
                return nextByGeneralWalk(start: index > start ? start : -1, count: count)
            }
            self.index = index
            guard index > start else { return nil }
            return (start..<index, true, lower(from: start, to: index))
        }

        /// Writes the ASCII letters and digits from `start` to `end` lower-cased into `lowered`
        /// (at most `loweredLimit`); returns how many. A letter's lower case, and a digit, is the
        /// byte with bit 0x20 set, so whole chunks are lowered at once while the text has eight
        /// more bytes (those past the word are garbage the hash masks off).
        @inline(__always)
        private func lower(from start: Int, to end: Int) -> Int {
            // Not `min`: the generic function was a call per word.
            let count = end - start < loweredLimit ? end - start : loweredLimit
            guard let source = bytes.baseAddress, let target = lowered.baseAddress else { return 0 }
            var offset = 0
            let readable = bytes.count - start - 8
            while offset < count, offset <= readable {
                let chunk = UnsafeRawPointer(source + start + offset).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(target + offset).storeBytes(
                    of: chunk | 0x2020_2020_2020_2020, as: UInt64.self)
                offset += 8
            }
            while offset < count {
                target[offset] = source[start + offset] | 0x20
                offset += 1
            }
            return count
        }

        /// The next word by decoding every character that is not ASCII, from a word's `start`
        /// (-1 before one) with `count` bytes lowered.
        mutating func nextByGeneralWalk(start: Int = -1, count: Int = 0) -> Word? {
            var start = start
            var isASCII = true
            var count = count
            while index < bytes.count {
                let byte = bytes[index]
                let here = index
                if byte < 0x80 {
                    index += 1
                    // ASCII letters and digits: a letter's lower case is its bit 0x20 set.
                    let lower = byte | 0x20
                    if (0x61...0x7A).contains(lower) || (0x30...0x39).contains(byte) {
                        if start < 0 { start = here }
                        if count < loweredLimit {
                            lowered[count] = byte < 0x40 ? byte : lower
                            count += 1
                        }
                    } else if start >= 0 {
                        return (start..<here, isASCII, count)
                    }
                    continue
                }
                switch SearchTokenizer.kind(of: decodeScalar()) {
                case .base:
                    isASCII = false
                    if start < 0 { start = here }
                case .mark where start >= 0:
                    isASCII = false
                default:
                    if start >= 0 { return (start..<here, isASCII, count) }
                }
            }
            return start >= 0 ? (start..<bytes.count, isASCII, count) : nil
        }

        /// The scalar whose lead byte (not ASCII) is at `index`, moving past it.
        private mutating func decodeScalar() -> Unicode.Scalar {
            let lead = UInt32(bytes[index])
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            var value = lead & (0xFF >> UInt32(length + 1))
            for offset in 1..<length where index + offset < bytes.count {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            index += length
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
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

    private enum ScalarKind { case base, mark, other }

    /// Letters and digits start characters; marks extend them (JavaScript's `\p{L}\p{N}` and `\p{M}`).
    private static func kind(of scalar: Unicode.Scalar) -> ScalarKind {
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
