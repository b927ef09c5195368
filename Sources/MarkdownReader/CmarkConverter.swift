internal import CCmark
import NoteModel

/// Turns cmark's tree into a ``NoteDocument`` with cmark's iterator, so depth costs no call stack.
struct CmarkConverter {
    let file: String
    let source: SourceText
    /// What the extension passes marked on the tree (empty for CommonMark).
    var marks = ExtensionMarks()
    var blocks: [Block] = []
    var attachments: [ImageAttachment] = []
    private var depth = 0
    /// Inline content being built: the leaf block's text, then one per open image (its alt).
    var builders: [AttributedTextBuilder] = []
    /// The block that owns the bottom builder, and the attachment of each open image.
    var leafBlock: Int?
    private var openImages: [Int] = []
    /// Finds each inline node's place in the current leaf block's source.
    var locator: InlineLocator?
    /// Inline containers open in the current leaf block: their span (or attachment), start and opener.
    var openInlines: [OpenInline] = []
    /// Block quotes open around the current block (their `>` prefix each continuation line).
    var quoteDepth = 0
    /// The note's own bytes, where raw HTML `<img>` tags are placed (Obsidian's syntax).
    var originalBytes: [UInt8] = []
    /// The Obsidian syntax's placeholders and position map (nil for CommonMark).
    var obsidian: ObsidianExpander?
    /// Custom blocks open around the current node: what their exits need, known at their entry.
    private var openCustomBlocks: [(hasInlineContent: Bool, shiftsLines: Bool)] = []
    /// Links open around the current text (a wikilink inside one stays text).
    private var linkDepth = 0
    /// Added to the lines of everything inside a footnote definition (parsed on its own).
    var lineShift = 0
    /// The line of the last source range made (see ``sourceRange(_:)``).
    var lineHint = 0

    init(file: String, source: SourceText) {
        self.file = file
        self.source = source
    }

    mutating func convert(_ root: OpaquePointer) -> NoteDocument {
        // About a block per two lines (a list item and its paragraph share one), and one per
        // table, row and cell an extension made: growing the array block by block copied each
        // one several times.
        blocks.reserveCapacity(source.lines.lineCount / 2 + marks.blockCount + 4)
        CmarkTree.walk(root) { node, entering in
            if entering {
                enter(node)
            } else {
                exit(node)
            }
        }
        for index in blocks.indices {
            if let start = blocks[index].start, let end = blocks[index].end {
                place(index, start: start, end: end)
            } else if obsidian != nil {
                blocks[index].start = blocks[index].start.map { mapped($0, near: 0) }
                blocks[index].end = blocks[index].end.map { mapped($0, near: 1) }
            }
        }
        // Handed over, not shared: the notes passes then change blocks in place, where a buffer
        // still held here made the first of them copy every block.
        let document = NoteDocument(blocks: blocks, imageAttachments: attachments)
        blocks = []
        attachments = []
        return document
    }

    private mutating func enter(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE:
            openBlock(.blockQuote, node)
            quoteDepth += 1
        case CMARK_NODE_LIST: openBlock(.list(listStyle(node)), node)
        case CMARK_NODE_ITEM: openBlock(marks.block(of: node) ?? .item, node)
        case CMARK_NODE_PARAGRAPH:
            openBlock(.paragraph, node)
            startInlines(node)
        case CMARK_NODE_HEADING:
            openBlock(.heading(level: Int(cmark_node_get_heading_level(node))), node)
            startInlines(node, isHeading: true)
        case CMARK_NODE_CODE_BLOCK:
            let kind = BlockKind.codeBlock(
                info: restored(string(node, .fenceInfo), escapeApplied: true),
                literal: restored(literal(node), escapeApplied: false))
            leafBlock(kind, node)
        case CMARK_NODE_HTML_BLOCK:
            let html = restored(literal(node), escapeApplied: false)
            // Where a footnote definition was cut out (see FootnoteScanner).
            if !marks.isEmpty, html == FootnoteScanner.placeholder + "\n" { break }
            leafBlock(.htmlBlock(literal: html), node)
            if obsidian != nil { addHTMLBlockImages(html) }
        case CMARK_NODE_THEMATIC_BREAK: leafBlock(.thematicBreak, node)
        case CMARK_NODE_TEXT: enterText(node)
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            let kind: InlineKind = cmark_node_get_type(node) == CMARK_NODE_SOFTBREAK ? .softBreak : .lineBreak
            let range = (locator?.lineBreak()).map { sourceRange($0) }
            withBuilder { $0.appendLeaf(kind, literal: "\n", range: range) }
        case CMARK_NODE_CODE:
            let range = (locator?.codeSpan()).map { sourceRange($0) }
            if !appendVerbatimCode(node, range: range) {
                let text = restored(literal(node), escapeApplied: false)
                withBuilder { $0.appendLeaf(.code, literal: text, range: range) }
            }
        case CMARK_NODE_HTML_INLINE: inlineHTML(node)
        case CMARK_NODE_EMPH: openInline(.emphasis, delimiters: "*_", count: 1)
        case CMARK_NODE_STRONG: openInline(.strong, delimiters: "*_", count: 2)
        case CMARK_NODE_LINK:
            let kind = InlineKind.link(
                destination: restored(string(node, .url), escapeApplied: true),
                title: restored(string(node, .title), escapeApplied: true))
            openLink(kind)
            linkDepth += 1
        case CMARK_NODE_IMAGE: openImage(node)
        case CMARK_NODE_CUSTOM_BLOCK: enterCustomBlock(node)
        case CMARK_NODE_CUSTOM_INLINE:
            if let kind = marks.inline(of: node) { openCustomInline(kind) }
        default: break  // the document itself; custom nodes never come from the parser
        }
    }

    /// A text node: plain text, or Obsidian's syntax expanded from it.
    private mutating func enterText(_ node: OpaquePointer) {
        // Most text holds none of the bytes that either check of ``enterPlainText(_:plain:)``
        // looks for: one strcspn over them all (many bytes a step) answers both, where each
        // check took its own pass.
        let done = CmarkTree.withLiteral(node, holdingNoneOf: Self.unplainBytes) { bytes, plain in
            enterPlainText(bytes, plain: plain && !bytes.isEmpty)
        }
        if done ?? false { return }
        let text = restored(string(node, .literal, restoring: false), escapeApplied: true)
        let written = locator?.text(text)
        if let obsidian, !builders.isEmpty {
            // Placeholders are where the text holds U+E000 (lead byte 0xEE): only then look for
            // where they are written.
            let ranges = Byte.contains(text, 0xEE) ? written.map { tokenRanges($0) } ?? [] : []
            obsidian.expand(
                text, into: &builders[builders.count - 1], attachments: &attachments,
                insideLink: linkDepth > 0, tokenRanges: ranges)
        } else {
            withBuilder { $0.appendText(text) }
        }
    }

    /// Text with no notes placeholder (lead byte 0xEE) and no escaped-tilde mark (0xCD), as nearly
    /// all is: its bytes go from cmark into the model as they are, where making a `String` of each
    /// text and searching it first cost as much again as appending it. Returns false for the rest.
    /// `plain`: the bytes hold none of ``unplainBytes``.
    private mutating func enterPlainText(_ bytes: Span<UInt8>, plain: Bool) -> Bool {
        guard plain || isVerbatim(bytes) else { return false }
        locator?.text(bytes: bytes, plain: plain)
        withBuilder { Byte.appendText(bytes, to: &$0) }
        return true
    }

    /// The bytes that make a text unlike its source (``InlineLocator/isSpecial(_:)``) or not
    /// verbatim (``isVerbatim(_:)``), as a C string.
    static let unplainBytes: [CChar] = [
        CChar(UInt8(ascii: "&")), CChar(UInt8(ascii: "\\")), 10, 13, CChar(bitPattern: 0xEE),
        CChar(bitPattern: EscapedTildes.markerBytes[0]), 0,
    ]

    /// A code span's literal with nothing to restore (see ``isVerbatim(_:)``), appended as cmark's
    /// bytes: making a `String` of each and searching it cost more than appending it. Returns
    /// false for the rest.
    private mutating func appendVerbatimCode(_ node: OpaquePointer, range: SourceRange?) -> Bool {
        let done = CmarkTree.withLiteral(node) { bytes in
            guard isVerbatim(bytes) else { return false }
            withBuilder {
                $0.openSpan(.code, range: range)
                Byte.appendText(bytes, to: &$0)
                $0.closeSpan()
            }
            return true
        }
        return done ?? false
    }

    /// Whether cmark's bytes are the model's as they are: no notes placeholder (lead byte 0xEE) and
    /// no escaped-tilde mark (0xCD) to put back.
    private func isVerbatim(_ bytes: Span<UInt8>) -> Bool {
        guard Byte.firstIndex(of: 0xEE, in: bytes, from: 0) == nil else { return false }
        return marks.isEmpty || Byte.firstIndex(of: EscapedTildes.markerBytes[0], in: bytes, from: 0) == nil
    }

    private mutating func exit(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_BLOCK_QUOTE:
            quoteDepth -= 1
            depth -= 1
        case CMARK_NODE_LIST, CMARK_NODE_ITEM: depth -= 1
        case CMARK_NODE_CUSTOM_BLOCK where !(openCustomBlocks.last?.hasInlineContent ?? false):
            if openCustomBlocks.popLast()?.shiftsLines ?? false { lineShift = 0 }
            depth -= 1
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_CUSTOM_BLOCK:
            if cmark_node_get_type(node) == CMARK_NODE_CUSTOM_BLOCK { _ = openCustomBlocks.popLast() }
            if let index = leafBlock, var builder = builders.popLast() {
                blocks[index].content = builder.finish()
            }
            clearInlineState()
            locator = nil
            leafBlock = nil
            depth -= 1
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK:
            if cmark_node_get_type(node) == CMARK_NODE_LINK { linkDepth -= 1 }
            closeInline()
            withBuilder {
                $0.closeDanglingHighlights()
                $0.closeSpan()
            }
        case CMARK_NODE_CUSTOM_INLINE:
            if marks.inline(of: node) != nil {
                closeInline()
                withBuilder {
                    $0.closeDanglingHighlights()
                    $0.closeSpan()
                }
            }
        case CMARK_NODE_IMAGE:
            if let index = openImages.popLast(), var builder = builders.popLast() {
                attachments[index].alt = builder.finish()
            }
            closeInline()
        default: break
        }
    }

    /// A table, row or cell from the extension passes; unmarked custom blocks are skipped.
    private mutating func enterCustomBlock(_ node: OpaquePointer) {
        let kind = marks.block(of: node) ?? .htmlBlock(literal: "")
        let hasInlineContent = kind.hasInlineContent
        openBlock(kind, node)
        let shift = marks.lineShift(of: node)
        if let shift { lineShift = shift }
        openCustomBlocks.append((hasInlineContent, shift != nil))
        if hasInlineContent { startInlines(node) }
    }

    /// `kind` is consumed: the block takes it over rather than copying it.
    private mutating func openBlock(_ kind: consuming BlockKind, _ node: OpaquePointer) {
        depth += 1
        let (start, end) = places(of: node)
        let block = Block(kind, depth: depth, start: start, end: end)
        blocks.append(consume block)
    }

    private mutating func leafBlock(_ kind: consuming BlockKind, _ node: OpaquePointer) {
        let (start, end) = places(of: node)
        let block = Block(kind, depth: depth + 1, start: start, end: end)
        blocks.append(consume block)
    }

    /// Starts the inline content of the leaf block just opened for `node` (the caller knows its
    /// kind: matching the block's would copy the block).
    private mutating func startInlines(_ node: OpaquePointer, isHeading: Bool = false) {
        let block = blocks.count - 1
        leafBlock = block
        locator = makeLocator(from: blocks[block].start, to: blocks[block].end, isHeading: isHeading)
        clearInlineState()
        // cmark's own line numbers (a table cell, made by a pass, has none: one line).
        let lines = Int(cmark_node_get_end_line(node)) - Int(cmark_node_get_start_line(node)) + 1
        builders.append(
            AttributedTextBuilder(capacity: locator.map { $0.limit - $0.cursor } ?? 0, lines: max(1, lines)))
    }

    /// Empties the inline state of a leaf block, not freed: the next leaf block fills it again.
    /// It is nearly always empty already, and `removeAll(keepingCapacity:)` replaces a range
    /// generically even then.
    private mutating func clearInlineState() {
        if !builders.isEmpty { builders.removeAll(keepingCapacity: true) }
        if !openImages.isEmpty { openImages.removeAll(keepingCapacity: true) }
        if !openInlines.isEmpty { openInlines.removeAll(keepingCapacity: true) }
    }

    private mutating func openImage(_ node: OpaquePointer) {
        let index = attachments.count
        let opened = locator?.openLink(image: true)
        attachments.append(
            ImageAttachment(
                destination: restored(string(node, .url), escapeApplied: true),
                title: restored(string(node, .title), escapeApplied: true),
                location: nil))
        withBuilder { $0.appendAttachment(index) }
        openImages.append(index)
        builders.append(AttributedTextBuilder())
        if let opened {
            openInlines.append(OpenInline(image: index, start: opened.start, opener: opened.opener))
        }
    }

    mutating func withBuilder(_ body: (inout AttributedTextBuilder) -> Void) {
        guard !builders.isEmpty else { return }
        body(&builders[builders.count - 1])
    }

    private func listStyle(_ node: OpaquePointer) -> ListStyle {
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        let delimiter: ListStyle.Delimiter =
            switch cmark_node_get_list_delim(node) {
            case CMARK_PERIOD_DELIM: .period
            case CMARK_PAREN_DELIM: .parenthesis
            default: .none
            }
        return ListStyle(
            kind: ordered ? .ordered : .bullet, start: Int(cmark_node_get_list_start(node)),
            delimiter: delimiter, tight: cmark_node_get_list_tight(node) != 0)
    }

    /// Where a node starts and ends: as an extension moved it, else as cmark says, shifted past
    /// any lines cut before parsing.
    private func places(of node: OpaquePointer) -> (start: LineColumn, end: LineColumn) {
        let moved = marks.position(of: node)
        if let moved, marks.lineShift(of: node) != nil { return moved }
        var start =
            moved?.start
            ?? LineColumn(
                line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node)))
        var end =
            moved?.end
            ?? LineColumn(
                line: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_end_column(node)))
        start.line += lineShift
        end.line += lineShift
        return (start, end)
    }

    /// A position in the text cmark parsed, in the note's own source (the Obsidian syntax's scan).
    func mapped(_ place: LineColumn, near line: Int = 0) -> LineColumn {
        guard let map = obsidian?.map else { return place }
        let original = map.original(line: place.line, column: place.column, near: line)
        return LineColumn(line: original.line, column: original.column)
    }

    /// GFM marks escaped tildes before parsing (see EscapedTildes); CommonMark leaves all as is.
    func restored(_ string: String, escapeApplied: Bool) -> String {
        marks.isEmpty ? string : EscapedTildes.restore(string, escapeApplied: escapeApplied)
    }

    func literal(_ node: OpaquePointer) -> String {
        string(node, .literal)
    }

    /// A string of the node from cmark; the Obsidian syntax's placeholders are put back unless
    /// `restoring` is false.
    func string(_ node: OpaquePointer, _ field: CmarkTree.Field, restoring: Bool = true) -> String {
        let text = CmarkTree.string(node, field)
        guard restoring, let obsidian, !text.isEmpty else { return text }
        return obsidian.restore(text)
    }
}
