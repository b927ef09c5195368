import NoteModel

extension NoteDocument {
    /// Where the first raw HTML that a page without `allow_html` omits is written. An `<img>` with
    /// a local `src` is not omitted (it is an image of the note, see ``RawHTMLImage``), nor is a
    /// comment (meant to be hidden).
    func firstOmittedHTML(file: String) -> SourceLocation? {
        // Blocks are read in place, through the buffer, and a block's HTML spans looked at in a
        // function of their own: copying each block (every note, every build) cost more than the
        // search, and so did copying each block's text out of the array, as the compiler did
        // while this loop held all the work.
        let blocks = blocks.span
        for index in blocks.indices {
            if case .htmlBlock(let literal) = blocks[index].kind,
                let offset = firstOmittedByte(
                    of: literal, images: blocks[index].content?.runs.compactMap(\.attachment) ?? []),
                let range = blocks[index].range
            {
                return place(offset, in: literal, from: range, file: file)
            }
            // Spans are looked at in place, by case: copying each and comparing whole kinds was
            // most of this search.
            guard blocks[index].kind.hasInlineContent, let spans = blocks[index].content?.spans,
                spans.indices.contains(where: { Self.isHTML(spans[$0].kind) })
            else { continue }
            if let place = firstOmittedSpan(in: blocks[index], file: file) { return place }
        }
        return nil
    }

    /// Where the first raw HTML span of a block's text that a page omits is written.
    private func firstOmittedSpan(in block: Block, file: String) -> SourceLocation? {
        guard let content = block.content else { return nil }
        let images = content.runs.reduce(into: [Int: [Int]]()) { found, run in
            if let index = run.attachment, let span = run.span {
                found[span, default: []].append(index)
            }
        }
        var offset = 0
        for run in content.runs {
            defer { offset += max(0, run.length) }
            guard run.attachment == nil, let span = run.span, content.spans.indices.contains(span),
                Self.isHTML(content.spans[span].kind)
            else { continue }
            let literal = content.string.utf8.dropFirst(offset).prefix(run.length)
            let html = String(decoding: literal, as: UTF8.self)
            if firstOmittedByte(of: html, images: images[span] ?? []) != nil {
                return content.spans[span].range?.location(in: file) ?? block.range?.location(in: file)
            }
        }
        return nil
    }

    /// The first byte of `html` outside the image tags, whitespace and comments.
    private func firstOmittedByte(of html: String, images: [Int]) -> Int? {
        let bytes = Array(html.utf8)
        let tags = images.compactMap {
            imageAttachments.indices.contains($0) ? imageAttachments[$0].html?.tag : nil
        }
        var index = 0
        while index < bytes.count {
            if let tag = tags.first(where: { $0.contains(index) }) {
                index = tag.upperBound
            } else if bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index]) {
                index += 1
            } else if bytes[index...].starts(with: Array("<!--".utf8)) {
                guard let close = Self.find(Array("-->".utf8), in: bytes, from: index + 4) else { return nil }
                index = close + 3
            } else {
                return index
            }
        }
        return nil
    }

    /// A byte of an HTML block's literal as a place in the note: lines as in the literal, the
    /// column from the block's own on its first line.
    private func place(_ offset: Int, in literal: String, from range: SourceRange, file: String)
        -> SourceLocation
    {
        let before = literal.utf8.prefix(offset)
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

/// What notesite says about raw HTML it leaves out.
enum RawHTML {
    static let omittedMessage =
        "raw HTML omitted from the page (its <img> tags are kept as images); "
        + "set 'allow_html: true' in notesite.yml to keep it"
}

extension NoteDocument {
    static func isHTML(_ kind: InlineKind) -> Bool {
        if case .html = kind { return true }
        return false
    }
}
