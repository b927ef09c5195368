import MarkdownReader
import NoteModel

/// The raw HTML a note's author wrote: HTML blocks and inline HTML spans, in order.
extension NoteDocument {
    /// One piece of raw HTML: an HTML block's literal or an inline HTML span's text.
    struct RawHTMLPiece {
        /// The block it is, or whose text holds it.
        var block: Int
        var html: Substring
        /// Where its first byte is written.
        var range: SourceRange?
    }

    /// Calls `body` with each piece of raw HTML in order; stops when it returns false. Blocks and
    /// spans are read in place: copying each block of every note cost more than the search.
    func forEachRawHTML(_ body: (RawHTMLPiece) -> Bool) {
        let blocks = blocks.span
        for index in blocks.indices {
            if case .htmlBlock(let literal) = blocks[index].kind {
                guard
                    body(RawHTMLPiece(block: index, html: Substring(literal), range: blocks[index].range))
                else { return }
                continue
            }
            // Spans are looked at in place, by case: copying each and comparing whole kinds
            // was most of this search.
            guard blocks[index].kind.hasInlineContent, let spans = blocks[index].content?.spans,
                spans.indices.contains(where: { Self.isHTML(spans[$0].kind) }),
                let content = blocks[index].content
            else { continue }
            var offset = 0
            let utf8 = content.string.utf8
            for run in content.runs {
                defer { offset += max(0, run.length) }
                guard run.attachment == nil, let span = run.span, content.spans.indices.contains(span),
                    Self.isHTML(content.spans[span].kind)
                else { continue }
                let start = utf8.index(utf8.startIndex, offsetBy: offset)
                let end = utf8.index(start, offsetBy: run.length)
                let piece = RawHTMLPiece(
                    block: index, html: content.string[start..<end],
                    range: content.spans[span].range ?? blocks[index].range)
                guard body(piece) else { return }
            }
        }
    }

    /// Where the note's first raw HTML is written, other than comments (meant to be hidden); with
    /// `words`, the first raw HTML that holds one of them (without case), if any does.
    func firstRawHTML(file: String, holding words: [String] = []) -> SourceLocation? {
        var first: SourceLocation?
        var holding: SourceLocation?
        let words = words.map { $0.lowercased() }.filter { !$0.isEmpty }
        forEachRawHTML { piece in
            guard let offset = Self.firstTagOrText(piece.html), let range = piece.range else { return true }
            if first == nil { first = place(offset, in: piece.html, from: range, file: file) }
            guard !words.isEmpty else { return false }
            let text = piece.html.lowercased()
            guard
                let word = words.compactMap({ text.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound })
            else { return true }
            let at = text.utf8.distance(from: text.startIndex, to: word.lowerBound)
            // Back to the start of the tag the word is in.
            let tag = text.utf8.prefix(at).lastIndex(of: UInt8(ascii: "<")).map {
                text.utf8.distance(from: text.startIndex, to: $0)
            }
            holding = place(tag ?? offset, in: piece.html, from: range, file: file)
            return false
        }
        return holding ?? first
    }

    /// The links and media sources of the note's raw HTML, each with the block it is in and its place.
    func authoredURLs(file: String) -> [(url: AuthoredURL, block: Int, location: SourceLocation?)] {
        var found: [(url: AuthoredURL, block: Int, location: SourceLocation?)] = []
        forEachRawHTML { piece in
            for url in AuthoredURL.all(in: String(piece.html)) {
                let location = piece.range.map {
                    place(url.tag.lowerBound, in: piece.html, from: $0, file: file)
                }
                found.append((url, piece.block, location))
            }
            return true
        }
        return found
    }

    /// The first byte of `html` outside whitespace and comments.
    private static func firstTagOrText(_ html: Substring) -> Int? {
        let bytes = Array(html.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
                index += 1
            } else if bytes[index...].starts(with: Array("<!--".utf8)) {
                guard let close = find(Array("-->".utf8), in: bytes, from: index + 4) else { return nil }
                index = close + 3
            } else {
                return index
            }
        }
        return nil
    }

    /// A byte of raw HTML as a place in the note: lines as in the HTML, the column from the
    /// HTML's own on its first line.
    private func place(_ offset: Int, in html: Substring, from range: SourceRange, file: String)
        -> SourceLocation
    {
        let before = html.utf8.prefix(offset)
        let newlines = before.filter { $0 == 0x0A }.count
        let lineStart = before.lastIndex(of: 0x0A).map {
            before.distance(from: before.startIndex, to: $0) + 1
        }
        let column = lineStart.map { offset - $0 + 1 } ?? range.start.column + offset
        return SourceLocation(file: file, line: range.start.line + newlines, column: column)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start + needle.count <= bytes.count else { return nil }
        return (start...(bytes.count - needle.count)).first {
            bytes[$0..<$0 + needle.count].elementsEqual(needle)
        }
    }

    static func isHTML(_ kind: InlineKind) -> Bool {
        if case .html = kind { return true }
        return false
    }
}

extension RawHTMLImage {
    /// The tag written again with a new `src` and extra attributes, keeping every other
    /// attribute of the author's in order (for HTML kept under `allow_html`).
    func rewritten(source: String, adding extra: [(String, String)]) -> String {
        var tag = "<img src=\"\(source.hasPrefix("data:") ? source : source.htmlEscaped)\""
        for (name, value) in extra where !has(name) { tag += " \(name)=\"\(value.htmlEscaped)\"" }
        for attribute in attributes where attribute.name != "src" {
            tag += " " + attribute.name
            if let value = attribute.value {
                // Re-quoted: the value keeps its entities as written, so only `"` needs care.
                tag += "=\"" + value.replacing("\"", with: "&quot;") + "\""
            }
        }
        return tag + ">"
    }

    func has(_ name: String) -> Bool { attributes.contains { $0.name == name } }
}
