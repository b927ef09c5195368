import NoteModel

/// A local `<img src>` in a note's raw HTML (read only under `allow_html`), found where the author
/// wrote it so a problem can be reported at its line and column.
struct HTMLImageReference: Sendable, Hashable {
    /// The `src`, entities decoded.
    var source: String
    /// The author's numeric `width`/`height`, asked of the image stage like `![[x.png|300]]`.
    var size: ImageSize?
    var location: SourceLocation?
}

extension NoteDocument {
    /// Every `<img>` with a non-empty `src` in the note's raw HTML, in document order. `text` is
    /// the note's source: each tag is looked for there from its block's start, since the model
    /// keeps a block's location but not each inline span's.
    func htmlImageReferences(text: String) -> [HTMLImageReference] {
        let source = Array(text.utf8)
        var lineStarts = [0]
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
            lineStarts.append(offset + 1)
        }
        var references: [HTMLImageReference] = []
        for block in blocks {
            let literals = block.htmlLiterals
            guard !literals.isEmpty else { continue }
            var cursor = block.location.map { Self.offset(of: $0, lineStarts: lineStarts) } ?? 0
            for literal in literals {
                let html = Array(literal.utf8)
                for tag in HTMLImageTag.all(in: literal) {
                    guard let written = tag.source, !written.isEmpty else { continue }
                    // The tag as written; a literal may differ from the source around it (a
                    // container's `> `, a missing last newline), a single tag rarely does.
                    let text = String(decoding: html[tag.range], as: UTF8.self)
                    var location = block.location
                    if let found = HTMLImageTag.find(source, text, from: min(cursor, source.count)),
                        let file = block.location?.file
                    {
                        cursor = found + tag.range.count
                        let line = lineStarts.lastIndex { $0 <= found } ?? 0
                        location = SourceLocation(
                            file: file, line: line + 1, column: found - lineStarts[line] + 1)
                    }
                    references.append(
                        HTMLImageReference(source: written, size: tag.requestedSize, location: location))
                }
            }
        }
        return references
    }

    /// The document with every raw HTML literal, block or inline, passed through `rewrite`.
    func rewritingHTML(_ rewrite: (String) -> String) -> NoteDocument {
        var copy = self
        for index in copy.blocks.indices {
            if case .htmlBlock(let literal) = copy.blocks[index].kind {
                copy.blocks[index].kind = .htmlBlock(literal: rewrite(literal))
            }
            if let content = copy.blocks[index].content {
                copy.blocks[index].content = content.rewritingHTML(rewrite)
            }
        }
        return copy
    }

    private static func offset(of location: SourceLocation, lineStarts: [Int]) -> Int {
        guard location.line >= 1, location.line <= lineStarts.count else { return 0 }
        return lineStarts[location.line - 1] + max(0, location.column - 1)
    }
}

extension Block {
    /// The block's raw HTML: an HTML block's literal, or its inline HTML spans in order.
    var htmlLiterals: [String] {
        if case .htmlBlock(let literal) = kind { return [literal] }
        guard let content else { return [] }
        var literals: [String] = []
        content.forEachHTMLRun { literals.append(String(decoding: $0, as: UTF8.self)) }
        return literals
    }
}

extension AttributedText {
    func rewritingHTML(_ rewrite: (String) -> String) -> AttributedText {
        guard spans.contains(where: { $0.kind == .html }) else { return self }
        let bytes = Array(string.utf8)
        var output: [UInt8] = []
        var newRuns: [TextRun] = []
        var offset = 0
        for run in runs {
            let end = min(bytes.count, offset + run.length)
            let piece = bytes[offset..<end]
            offset = end
            if isHTML(run) {
                let replaced = Array(rewrite(String(decoding: piece, as: UTF8.self)).utf8)
                output += replaced
                newRuns.append(TextRun(length: replaced.count, span: run.span, attachment: run.attachment))
            } else {
                output += piece
                newRuns.append(run)
            }
        }
        output += bytes[offset...]
        var copy = self
        copy.string = String(decoding: output, as: UTF8.self)
        copy.runs = newRuns
        return copy
    }

    func forEachHTMLRun(_ body: (ArraySlice<UInt8>) -> Void) {
        let bytes = Array(string.utf8)
        var offset = 0
        for run in runs {
            let end = min(bytes.count, offset + run.length)
            if isHTML(run) { body(bytes[offset..<end]) }
            offset = end
        }
    }

    private func isHTML(_ run: TextRun) -> Bool {
        guard let span = run.span, spans.indices.contains(span) else { return false }
        return spans[span].kind == .html
    }
}
