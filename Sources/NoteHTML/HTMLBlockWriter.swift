import NoteModel

/// Writes blocks as cmark's HTML renderer does, delegating inline content to ``HTMLInlineWriter``.
struct HTMLBlockWriter: BlockWalker {
    let document: NoteDocument
    let unsafe: Bool
    let imageHook: HTMLWriter.ImageHook?
    let linkHook: HTMLWriter.LinkHook?
    let notes: ObsidianHooks
    var code = CodeHooks()
    /// Raw HTML written as the author's, marked for a sanitizer (``HTMLWriter/marksAuthoredHTML``).
    var marksAuthored = false
    /// cmark-gfm's tag filter on raw HTML.
    let tagFilter: Bool
    var output = HTMLOutput()
    /// Whether a table's `<tbody>` is open.
    var inTableBody = false
    /// Paragraphs written as a bare note embed (Obsidian syntax), so without `</p>`.
    var bareEmbeds: Set<Int> = []
    /// Whether the row being written is the header (its cells are `<th>`).
    var inTableHeader = false
    /// Footnotes: whether their section is open, how many began, whose back-links are written.
    var footnotesOpen = false
    /// ``HTMLWriter/footnoteBackLabel``.
    var footnoteBackLabel = "Back to content"
    var footnoteIndex = 0
    var writtenFootnoteIndex = 0
    /// The writer of inline content, kept between paragraphs (see ``writeInlines(_:)``).
    var inline: HTMLInlineWriter

    init(
        document: NoteDocument, unsafe: Bool, imageHook: HTMLWriter.ImageHook?,
        linkHook: HTMLWriter.LinkHook?, notes: ObsidianHooks, tagFilter: Bool
    ) {
        self.document = document
        self.unsafe = unsafe
        self.imageHook = imageHook
        self.linkHook = linkHook
        self.notes = notes
        self.tagFilter = tagFilter
        inline = HTMLInlineWriter(
            text: AttributedText(), document: document, unsafe: unsafe, imageHook: imageHook,
            linkHook: linkHook, notes: notes, tagFilter: tagFilter)
    }

    mutating func willEnter(_ blocks: Span<Block>, index: Int, ancestors: [Int]) -> Bool {
        switch blocks[index].kind {
        case .blockQuote:
            output.newlineIfNeeded()
            appendTag("<blockquote", blocks[index].anchor, ">\n")
        case .list(let style):
            output.newlineIfNeeded()
            if style.kind == .bullet {
                appendTag("<ul", blocks[index].anchor, ">\n")
            } else if style.start == 1 {
                appendTag("<ol", blocks[index].anchor, ">\n")
            } else {
                output.appendRaw("<ol start=\"\(style.start)\"")
                appendID(blocks[index].anchor)
                output.append(">\n")
            }
        case .item:
            output.newlineIfNeeded()
            appendTag("<li", blocks[index].anchor, ">")
        case .heading(let level):
            output.newlineIfNeeded()
            appendHeadingOpen(level)
            appendID(blocks[index].anchor)
            output.append(">")
            writeInlines(blocks[index].content)
        case .paragraph:
            if writeBareEmbed(blocks[index].content, anchor: blocks[index].anchor, index: index) {
                return true
            }
            if !isTight(ancestors) {
                output.newlineIfNeeded()
                appendTag("<p", blocks[index].anchor, ">")
            }
            writeInlines(blocks[index].content)
        case .codeBlock(let info, let literal):
            writeCodeBlock(info: info, literal: literal)
        case .htmlBlock(let literal):
            writeHTMLBlock(blocks[index].content, literal: literal)
        case .thematicBreak:
            output.newlineIfNeeded()
            output.append("<hr />\n")
        case .callout(let type, let fold):
            enterCallout(type: type, fold: fold, title: blocks[index].content, anchor: blocks[index].anchor)
        case .math(let literal):
            writeMath(literal, anchor: blocks[index].anchor)
        case .footnoteDefinition(let label, _, _):
            enterFootnote(label: label)
        case .taskItem, .table, .tableRow, .tableCell:
            enterGFM(blocks, index: index)
        }
        return true
    }

    private mutating func writeCodeBlock(info: String, literal: String) {
        output.newlineIfNeeded()
        if writeCodeHook(info: info, literal: literal) { return }
        let language = info.utf8.prefix { !HTMLBlockWriter.isSpace($0) }
        output.features.code = true
        if language.isEmpty {
            output.append("<pre><code>")
        } else {
            output.append("<pre><code class=\"language-")
            output.appendEscaped(language)
            output.append("\">")
        }
        output.appendEscaped(literal)
        output.append("</code></pre>\n")
    }

    private mutating func writeHTMLBlock(_ content: AttributedText?, literal: String) {
        output.newlineIfNeeded()
        let images = content?.attachmentIndices ?? []
        if marksAuthored {
            document.appendAuthored(literal, images: images, hook: imageHook, to: &output)
        } else if !unsafe && !images.isEmpty {
            // The rest of the HTML is omitted; its `<img>` tags are images of the note.
            output.append("<p>")
            writeInlines(content)
            output.append("</p>")
        } else if !unsafe {
            output.append("<!-- raw HTML omitted -->")
        } else {
            let html = document.splicingImages(into: literal, images: images, hook: imageHook)
            if tagFilter { output.appendTagFiltered(html) } else { output.appendRaw(html) }
        }
        output.newlineIfNeeded()
    }

    mutating func didExit(_ blocks: Span<Block>, index: Int, ancestors: [Int]) {
        switch blocks[index].kind {
        case .blockQuote:
            output.newlineIfNeeded()
            output.append("</blockquote>\n")
        case .list(let style):
            output.append(style.kind == .bullet ? "</ul>\n" : "</ol>\n")
        case .item:
            output.append("</li>\n")
        case .heading(let level):
            appendHeadingClose(level)
        case .paragraph:
            paragraphWillClose(index: index, ancestors: ancestors)
            if !isTight(ancestors), !bareEmbeds.contains(index) { output.append("</p>\n") }
        case .callout(_, let fold):
            output.newlineIfNeeded()
            output.append(fold == nil ? "</div>\n</div>\n" : "</div>\n</details>\n")
        case .codeBlock, .htmlBlock, .thematicBreak, .math:
            break
        case .footnoteDefinition(let label, _, let references):
            exitFootnote(label: label, references: references)
        case .taskItem, .table, .tableRow, .tableCell:
            exitGFM(blocks, index: index)
        }
    }

    /// A paragraph in an item of a tight list goes without `<p>`, as cmark checks its grandparent.
    private func isTight(_ ancestors: [Int]) -> Bool {
        guard ancestors.count >= 2 else { return false }
        if case .list(let style) = document.blocks[ancestors[ancestors.count - 2]].kind {
            return style.tight
        }
        return false
    }

    mutating func writeInlines(_ text: AttributedText?) {
        guard let text else { return }
        // One inline writer for the whole document, used in place: making one per paragraph
        // retained and released the document and every hook each time.
        inline.text = text
        inline.hiddenSpan = nil
        inline.rawHTMLImages = text.rawHTMLImages
        swap(&inline.output, &output)
        text.walk(&inline)
        swap(&inline.output, &output)
    }

    /// `<h1` to `<h6` and their end tags, written without interpolating the level each time.
    static let headingTags: [(open: StaticString, close: StaticString)] = [
        ("<h0", "</h0>\n"), ("<h1", "</h1>\n"), ("<h2", "</h2>\n"), ("<h3", "</h3>\n"), ("<h4", "</h4>\n"),
        ("<h5", "</h5>\n"), ("<h6", "</h6>\n"),
    ]

    private mutating func appendHeadingOpen(_ level: Int) {
        if Self.headingTags.indices.contains(level) {
            output.append(Self.headingTags[level].open)
        } else {
            output.appendRaw("<h\(level)")
        }
    }

    private mutating func appendHeadingClose(_ level: Int) {
        if Self.headingTags.indices.contains(level) {
            output.append(Self.headingTags[level].close)
        } else {
            output.appendRaw("</h\(level)>\n")
        }
    }

    /// cmark_isspace: space, tab, LF, VT, FF, CR.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 32 || (9...13).contains(byte)
    }
}
