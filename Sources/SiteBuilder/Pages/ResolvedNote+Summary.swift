import Foundation
import NoteModel

extension ResolvedNote {
    /// The front matter `description`, else the plain text of the note's first paragraph that has
    /// words (a paragraph of images only is skipped), cut at a word near `limit` characters. For
    /// `<meta name="description">`, Open Graph and the feed's summaries.
    func summary(limit: Int) -> String {
        if let description = document.frontMatter?.description, !description.isEmpty {
            return description
        }
        let first = document.blocks.first { block in
            guard case .paragraph = block.kind, let content = block.content else { return false }
            return content.string.unicodeScalars.contains {
                $0 != "\u{FFFC}" && !CharacterSet.whitespacesAndNewlines.contains($0)
            }
        }
        let text = first?.content.map { document.plainText(of: $0) } ?? ""
        return Self.excerpt(ofWords: Self.words(of: text, enough: limit + 2), limit: limit)
    }

    /// ``Backlinks/excerpt(_:limit:)`` of ``words(of:enough:)``'s result, by bytes when it is ASCII:
    /// words hold no line break, and each ASCII byte but CR (never in words) is a character, so
    /// the character counting and splitting there (most of a page's description) are not needed.
    static func excerpt(ofWords words: String, limit: Int) -> String {
        let bytes = words.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            if SingleScalarCharacters.hold(words, lineBreaks: false) {
                return scalarExcerpt(ofWords: words, limit: limit)
            }
            return Backlinks.excerpt(words, limit: limit)
        }
        guard bytes.count > limit else { return words }
        let cut = bytes.prefix(limit)
        let end = cut.lastIndex(of: UInt8(ascii: " ")) ?? cut.endIndex
        return String(decoding: cut[..<end], as: UTF8.self) + "…"
    }

    /// ``Backlinks/excerpt(_:limit:)`` of text without line breaks whose scalars are characters,
    /// counted and cut by scalars (on bytes: a scalar starts at each byte that is no continuation).
    static func scalarExcerpt(ofWords words: String, limit: Int) -> String {
        let utf8 = words.utf8.span
        let cut = PreviewText.byteOffset(ofScalar: limit, in: utf8)
        guard cut < utf8.count else { return words }
        var end = cut
        while end > 0, utf8[end - 1] != UInt8(ascii: " ") { end -= 1 }
        if end > 0 { end -= 1 } else { end = cut }
        return String(decoding: words.utf8.prefix(end), as: UTF8.self) + "…"
    }

    /// The text's words joined by single spaces, as splitting at whitespace and joining gives, but
    /// stopped once `enough` characters are made: the excerpt reads no further, and a long first
    /// paragraph was split whole for every page. Characters before the last one of a prefix are
    /// the same as in the whole string, so the excerpt of the prefix is the excerpt of the whole.
    static func words(of text: String, enough: Int) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(of: text, enough: enough) }
        return scalarWords(of: text, enough: enough) ?? runWords(of: text, enough: enough)
    }

    /// ``words(of:enough:)`` by characters, appending each: the reference ``runWords(of:enough:)``
    /// is tested against.
    static func characterWords(of text: String, enough: Int) -> String {
        var words = ""
        var pendingSpace = false
        var appended = 0
        var nextCheck = enough
        for character in text {
            if character.isWhitespace {
                pendingSpace = !words.isEmpty
                continue
            }
            if pendingSpace {
                words.append(" ")
                appended += 1
                pendingSpace = false
            }
            words.append(character)
            appended += 1
            // Joining can merge characters (a word that starts with a combining mark), so the
            // count is checked, rarely: it is at most `appended`.
            if appended >= nextCheck {
                if words.count >= enough { break }
                nextCheck = appended + 64
            }
        }
        return words
    }

    /// ``characterWords(of:enough:)`` with the words' bytes copied a run of characters at a time:
    /// appending each character to a string was most of the summary of a non-ASCII paragraph.
    /// The characters are still walked, for their whitespace and their count.
    static func runWords(of text: String, enough: Int) -> String {
        let utf8 = Array(text.utf8)
        var words: [UInt8] = []
        words.reserveCapacity(min(utf8.count, enough * 4))
        var pendingSpace = false
        var appended = 0
        var nextCheck = enough
        var offset = 0
        // The characters kept but not copied yet: a range of `utf8`.
        var run = 0..<0
        for character in text {
            let length = character.utf8.count
            defer { offset += length }
            if character.isWhitespace {
                pendingSpace = appended > 0
                continue
            }
            if pendingSpace || run.upperBound != offset {
                words += utf8[run]
                if pendingSpace { words.append(32) }
                appended += pendingSpace ? 1 : 0
                pendingSpace = false
                run = offset..<offset
            }
            run = run.lowerBound..<(offset + length)
            appended += 1
            if appended >= nextCheck {
                words += utf8[run]
                run = run.upperBound..<run.upperBound
                if String(decoding: words, as: UTF8.self).count >= enough { break }
                nextCheck = appended + 64
            }
        }
        words += utf8[run]
        return String(decoding: words, as: UTF8.self)
    }

    /// ``words(of:enough:)`` by scalars, each kept one character more, while they are standalone
    /// (``SingleScalarCharacters``); nil when one that is not comes before the words are made (or
    /// right after, where it could join the last). Only the scalars read are checked.
    static func scalarWords(of text: String, enough: Int) -> String? {
        var words: [UInt8] = []
        words.reserveCapacity(min(text.utf8.count, enough * 3))
        var pendingSpace = false
        var count = 0
        let utf8 = text.utf8.span
        var index = 0
        while index < utf8.count {
            let length = SingleScalarCharacters.scalarLength(lead: utf8[index])
            let scalar = utf8.extracting(index..<min(index + length, utf8.count))
            guard SingleScalarCharacters.isStandalone(utf8: scalar) else { return nil }
            // The scalar after the last kept one is checked, not kept.
            if count >= enough { break }
            index += length
            if SingleScalarCharacters.isWhitespace(scalar) {
                pendingSpace = count > 0
                continue
            }
            if pendingSpace {
                words.append(UInt8(ascii: " "))
                count += 1
                pendingSpace = false
            }
            for byte in scalar.indices { words.append(scalar[byte]) }
            count += 1
        }
        return String(decoding: words, as: UTF8.self)
    }

    /// ``words(of:enough:)`` for ASCII text, by bytes: each byte is a character there (a CR LF
    /// pair, the one exception, is whitespace either way), and walking characters was most of
    /// making a page's description.
    private static func asciiWords(of text: String, enough: Int) -> String {
        var words: [UInt8] = []
        words.reserveCapacity(min(text.utf8.count, enough))
        var pendingSpace = false
        for byte in text.utf8 {
            // Character.isWhitespace in ASCII: tab, LF, VT, FF, CR and space.
            if byte == 32 || (9...13).contains(byte) {
                pendingSpace = !words.isEmpty
                continue
            }
            if pendingSpace {
                words.append(32)
                pendingSpace = false
            }
            words.append(byte)
            if words.count >= enough { break }
        }
        return String(decoding: words, as: UTF8.self)
    }
}
