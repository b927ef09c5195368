internal import CCmark
import NoteModel

/// GFM tables. libcmark reads a table as (part of) a paragraph; this pass finds the paragraphs whose
/// lines hold a header row followed by a delimiter row, as cmark-gfm's block parser checks line by
/// line, and replaces them with custom table blocks. Cell text is parsed by cmark in a second
/// document that ends with the whole note, so link reference definitions apply inside cells.
struct TablePass {
    let source: SourceText
    var marks: ExtensionMarks
    /// Lines of `source` that are lazy continuations (known only for footnote bodies).
    var lazyLines: Set<Int> = []
    /// Whether the tree given to ``run(_:flags:)`` is cmark's document of `source.bytes` as they
    /// are, untouched yet: its top-level blocks then show where the note can be cut.
    var rootParsesSource = false

    /// One paragraph to turn into a table.
    private struct Plan {
        var paragraph: OpaquePointer
        /// Paragraph lines before the header row, kept as a paragraph.
        var prefix: [ContentLine]
        var alignments: [TableAlignment]
        /// The header row first; each row's cells as written (the pass pads or drops to fit).
        var rows: [(line: ContentLine, cells: [TableRowScanner.Cell])]
        /// Lines after the table that are not rows, kept as a paragraph.
        var suffix: [ContentLine]
        /// A setext `---` underline after the table: a thematic break there.
        var thematicBreak: ContentLine?
    }

    /// A U+00A0 before each parsed piece keeps cmark from reading it as anything but a paragraph
    /// (no block starts with it) and counts as whitespace for emphasis, like a line start.
    private static let guardPrefix: [UInt8] = [0xC2, 0xA0]

    mutating func run(_ root: OpaquePointer, flags: Int32) {
        // Nine notes in ten have no line a delimiter row could be on: their tree is not walked.
        guard Self.mayHoldDelimiterRow(source.bytes) else { return }
        let plans = findPlans(root)
        guard !plans.isEmpty else { return }
        let smart = flags & CMARK_OPT_SMART != 0
        var text: [UInt8] = []
        for plan in plans {
            if !plan.prefix.isEmpty { appendPiece(plan.prefix.map(\.bytes), to: &text) }
            for row in plan.rows {
                for cell in row.cells.prefix(plan.alignments.count)
                where Self.needsParse(cell.text, smart: smart) {
                    appendPiece([cell.text[...]], to: &text)
                }
            }
            if !plan.suffix.isEmpty { appendPiece(plan.suffix.map(\.bytes), to: &text) }
        }
        // Only cells with inline syntax (and text around tables) go to cmark; often none do.
        let parsed = text.isEmpty ? nil : parseCells(text, root: root, flags: flags)
        if !text.isEmpty && parsed == nil { return }
        defer { parsed.map { cmark_node_free($0) } }
        var pieces = (parsed.map { CmarkTree.children($0) } ?? []).makeIterator()
        // Every row and cell gets a kind and a position: room for them all at once.
        let nodes = plans.reduce(0) { $0 + $1.rows.count * ($1.alignments.count + 1) + 4 }
        marks.reserveCapacity(nodes)
        for plan in plans {
            splice(plan, pieces: &pieces, smart: smart)
        }
    }

    /// Whether cmark reads a cell's text as one text node of the same bytes: it has no byte that
    /// cmark's inline parser stops at (`subject_find_special_char`: line endings, `\\`, `` ` ``,
    /// `&`, `_`, `*`, `[`, `]`, `<`, `!`, and with smart punctuation `"`, `'`, `.`, `-`) and no NUL
    /// (which cmark replaces). Such a cell needs no parse: parsing a paragraph per cell was most
    /// of what tables cost.
    static func isPlain(_ text: some Collection<UInt8>, smart: Bool) -> Bool {
        text.allSatisfy { byte in
            switch byte {
            case 0, 10, 13, UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "&"), UInt8(ascii: "_"),
                UInt8(ascii: "*"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "!"):
                false
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "."), UInt8(ascii: "-"): !smart
            default: true
            }
        }
    }

    /// The cells (and the paragraphs cut around tables) parsed as a document of their own. The
    /// note's link reference definitions count inside cells only where a `]` is left as text
    /// without them: each `]` that ends an inline link is read so before any definition is looked
    /// up, the note or not. Only then is the note parsed again after the cells, for its definitions.
    private func parseCells(_ text: [UInt8], root: OpaquePointer, flags: Int32) -> OpaquePointer? {
        guard let cells = CmarkTree.parse(text, flags: flags) else { return nil }
        guard text.contains(UInt8(ascii: "[")), Self.mayDefineLinks(source.bytes),
            Self.hasBracketText(cells)
        else { return cells }
        // The note's parts after the pieces read as at the start of a document only when each
        // piece is a closed paragraph (an open fence or HTML block would take them in).
        let definitions = Self.isParagraphs(cells) ? definitionSource(root) : source.bytes
        cmark_node_free(cells)
        return CmarkTree.parse(text + definitions, flags: flags)
    }

    /// Whether every child of the document is a paragraph.
    private static func isParagraphs(_ document: OpaquePointer) -> Bool {
        var child = cmark_node_first_child(document)
        while let node = child {
            guard cmark_node_get_type(node) == CMARK_NODE_PARAGRAPH else { return false }
            child = cmark_node_next(node)
        }
        return true
    }

    /// The stretches of the note that may hold a link reference definition (a `]:`), to parse after
    /// the cells in place of the whole note: cmark defines the same links from them, for less work.
    /// A stretch starts where cmark has nothing open but the document: on the first line of a
    /// top-level block of `root` after a blank line (a block's start is exact; its end is not, an
    /// HTML block's ends a line early). Each stretch after the first follows a guard line, which
    /// closes what the stretch before may leave open (a list or indented code the next line would
    /// go on). The whole note when `root` is not its tree.
    func definitionSource(_ root: OpaquePointer) -> [UInt8] {
        let bytes = source.bytes
        // cmark skips a byte order mark only at a document's start: after the cells it is text.
        guard rootParsesSource, !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return bytes }
        var cuts: [Int] = []
        var child = cmark_node_first_child(root)
        while let node = child {
            let line = Int(cmark_node_get_start_line(node))
            if line >= 2, source.line(line - 1).allSatisfy({ $0 == 32 || $0 == 9 }) { cuts.append(line) }
            child = cmark_node_next(node)
        }
        cuts.append(source.lineCount + 1)
        var result: [UInt8] = []
        var start = 1
        for cut in cuts where cut > start {
            let stretch = source.lineStart(start)..<source.lineStart(cut)
            if Byte.contains("]:", in: bytes.span.extracting(stretch)) {
                if !result.isEmpty { result += Self.guardPrefix + [10, 10] }
                result += bytes[stretch]
            }
            start = cut
        }
        return result
    }

    /// Whether some text node holds a `]` (a bracket that may close a reference link).
    private static func hasBracketText(_ root: OpaquePointer) -> Bool {
        var found = false
        CmarkTree.walk(root) { node, entering in
            guard !found, entering, cmark_node_get_type(node) == CMARK_NODE_TEXT else { return }
            found = CmarkTree.literal(node, contains: UInt8(ascii: "]"))
        }
        return found
    }

    /// Whether the bytes may hold a link reference definition (a `]` right before a `:`).
    static func mayDefineLinks(_ bytes: [UInt8]) -> Bool {
        var index = 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ":"), bytes[index - 1] == UInt8(ascii: "]") { return true }
            index += 1
        }
        return false
    }

    private func appendPiece(_ lines: [ArraySlice<UInt8>], to text: inout [UInt8]) {
        text += Self.guardPrefix
        for (index, line) in lines.enumerated() {
            if index > 0 { text.append(10) }
            text += line
        }
        text += [10, 10]
    }

    private func findPlans(_ root: OpaquePointer) -> [Plan] {
        var plans: [Plan] = []
        var quoteDepth = 0
        var itemDepth = 0
        CmarkTree.walk(root) { node, entering in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_BLOCK_QUOTE: quoteDepth += entering ? 1 : -1
            case CMARK_NODE_ITEM: itemDepth += entering ? 1 : -1
            case CMARK_NODE_PARAGRAPH where entering:
                if let plan = plan(for: node, quoteDepth: quoteDepth, inItem: itemDepth > 0) {
                    plans.append(plan)
                }
            case CMARK_NODE_HEADING where entering:
                // A setext heading's text is a paragraph until its underline arrives, and cmark-gfm
                // may have made a table of it by then.
                if cmark_node_get_end_line(node) > cmark_node_get_start_line(node),
                    let plan = plan(for: node, quoteDepth: quoteDepth, inItem: itemDepth > 0, setext: true)
                {
                    plans.append(plan)
                }
            default: break
            }
        }
        return plans
    }

    private func plan(for paragraph: OpaquePointer, quoteDepth: Int, inItem: Bool, setext: Bool = false)
        -> Plan?
    {
        guard mayHoldDelimiterRow(paragraph) else { return nil }
        var lines = source.contentLines(
            of: paragraph, quoteDepth: quoteDepth, inItem: inItem, lazyLines: lazyLines)
        // cmark can end a setext heading on the line after its underline (column 0).
        while setext, let last = lines.last, !Self.isSetextUnderline(last.bytes) { lines.removeLast() }
        let underline = setext ? lines.popLast() : nil
        if let underline, underline.bytes.first == UInt8(ascii: "=") { lines.append(underline) }
        guard lines.count >= 2 else { return nil }
        // A line indented four or more columns past the paragraph is no table line for cmark-gfm.
        let column = Int(cmark_node_get_start_column(paragraph))
        let isIndented = { (line: ContentLine) in line.column - column >= 4 }
        for index in 1..<lines.count {
            guard lines[index].bytes.contains(UInt8(ascii: "-")), !isIndented(lines[index]),
                !lines[index].isLazy,
                let markers = TableRowScanner.delimiterRow(lines[index].bytes),
                let header = TableRowScanner.cells(lines[index - 1].bytes), header.count == markers.count
            else { continue }
            var rows = [(line: lines[index - 1], cells: header)]
            var end = index + 1
            while end < lines.count, !isIndented(lines[end]), !lines[end].isLazy,
                let cells = TableRowScanner.cells(lines[end].bytes)
            {
                rows.append((lines[end], cells))
                end += 1
            }
            // Text after the rows would take the underline as a heading's: leave such a heading.
            if setext && end < lines.count { return nil }
            let rule = underline.flatMap { $0.bytes.first == UInt8(ascii: "-") ? $0 : nil }
            return Plan(
                paragraph: paragraph, prefix: Array(lines[..<(index - 1)]),
                alignments: markers.map(Self.alignment), rows: rows, suffix: Array(lines[end...]),
                thematicBreak: rule)
        }
        return nil
    }

    /// Whether a line after the node's first could be a delimiter row once its container prefix
    /// (spacing, `>`) is cut: only `|`, `:`, `-` and spacing, with a `-`. Most paragraphs have no
    /// such line, and are then not cut into lines at all.
    private func mayHoldDelimiterRow(_ node: OpaquePointer) -> Bool {
        let first = Int(cmark_node_get_start_line(node))
        let last = Int(cmark_node_get_end_line(node))
        guard first >= 1, last > first else { return false }
        for number in (first + 1)...last {
            var dash = false
            let other = source.line(number).contains { byte in
                if byte == UInt8(ascii: "-") { dash = true }
                return !Self.isDelimiterRowByte(byte)
            }
            if dash && !other { return true }
        }
        return false
    }

    /// Whether any line of `bytes` is made of delimiter row bytes only, with a `-`: the lines
    /// ``mayHoldDelimiterRow(_:)`` looks for, found from each `-` (memchr) to the ends of its line.
    static func mayHoldDelimiterRow(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while let dash = Byte.firstIndex(of: UInt8(ascii: "-"), in: bytes, from: offset) {
            var start = dash
            while start > 0, isDelimiterRowByte(bytes[start - 1]) { start -= 1 }
            var end = dash + 1
            while end < bytes.count, isDelimiterRowByte(bytes[end]) { end += 1 }
            let startsLine = start == 0 || bytes[start - 1] == 10 || bytes[start - 1] == 13
            if startsLine && (end == bytes.count || bytes[end] == 10 || bytes[end] == 13) {
                return true
            }
            offset = end
        }
        return false
    }

    /// What a delimiter row and its container prefix are made of (`spacechar` included).
    private static func isDelimiterRowByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "|"), UInt8(ascii: ":"), UInt8(ascii: ">"), 9, 11, 12, 32: true
        default: false
        }
    }

    /// `=+` or `-+`, then spacing.
    private static func isSetextUnderline(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, first == UInt8(ascii: "=") || first == UInt8(ascii: "-") else {
            return false
        }
        let rest = line.drop { $0 == first }
        return rest.allSatisfy { $0 == 32 || $0 == 9 }
    }

    private static func alignment(_ marker: TableRowScanner.TableMarker) -> TableAlignment {
        switch marker {
        case .none: .none
        case .left: .left
        case .center: .center
        case .right: .right
        }
    }

    private mutating func splice(_ plan: Plan, pieces: inout IndexingIterator<[OpaquePointer]>, smart: Bool) {
        let paragraph = plan.paragraph
        insertParagraph(of: plan.prefix, before: paragraph, pieces: &pieces)
        guard let table = CmarkTree.newNode(CMARK_NODE_CUSTOM_BLOCK) else { return }
        cmark_node_insert_before(paragraph, table)
        marks.setBlock(.table(alignments: plan.alignments), of: table)
        if let first = plan.rows.first?.line, let last = plan.rows.last?.line {
            marks.setPosition(start: location(first.line, first.column), end: endLocation(last), of: table)
        }
        for rowIndex in plan.rows.indices {
            // The row's parts once, rather than copying the row (its line and cells) per cell.
            let line = plan.rows[rowIndex].line
            let cells = plan.rows[rowIndex].cells
            let rowEnd = endLocation(line)
            guard let rowNode = CmarkTree.newNode(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            cmark_node_append_child(table, rowNode)
            marks.setBlock(.tableRow(header: rowIndex == 0), of: rowNode)
            marks.setPosition(start: location(line.line, line.column), end: rowEnd, of: rowNode)
            for (column, alignment) in plan.alignments.enumerated() {
                guard let cellNode = CmarkTree.newNode(CMARK_NODE_CUSTOM_BLOCK) else { continue }
                cmark_node_append_child(rowNode, cellNode)
                marks.setBlock(.tableCell(alignment: alignment), of: cellNode)
                guard column < cells.count else {
                    marks.setPosition(start: rowEnd, end: rowEnd, of: cellNode)
                    continue
                }
                let content = cells[column].content
                // The cell's text without the blanks around it (an empty one: just after its pipe).
                let start = location(line.line, line.column + content.lowerBound)
                let end = location(line.line, line.column + content.upperBound - 1)
                marks.setPosition(start: start, end: end, of: cellNode)
                fill(cellNode, with: cells[column].text, pieces: &pieces, smart: smart)
            }
        }
        insertParagraph(of: plan.suffix, before: paragraph, pieces: &pieces)
        if let rule = plan.thematicBreak, let node = CmarkTree.newNode(CMARK_NODE_THEMATIC_BREAK) {
            cmark_node_insert_before(paragraph, node)
            marks.setPosition(start: location(rule.line, rule.column), end: endLocation(rule), of: node)
        }
        cmark_node_unlink(paragraph)
        cmark_node_free(paragraph)
    }

    /// Puts the parsed piece of paragraph lines cut off around a table (none: nothing) before it.
    private mutating func insertParagraph(
        of lines: [ContentLine], before paragraph: OpaquePointer,
        pieces: inout IndexingIterator<[OpaquePointer]>
    ) {
        guard let first = lines.first, let last = lines.last, let piece = pieces.next() else { return }
        stripGuard(piece)
        cmark_node_insert_before(paragraph, piece)
        marks.setPosition(start: location(first.line, first.column), end: endLocation(last), of: piece)
    }

    /// A cell's inlines: plain text, a code span or a plain link made directly, as cmark would
    /// make them; any other cell from its parsed piece (the next one).
    private func fill(
        _ cellNode: OpaquePointer, with text: [UInt8], pieces: inout IndexingIterator<[OpaquePointer]>,
        smart: Bool
    ) {
        if Self.isPlain(text, smart: smart) {
            // An empty cell: nothing.
            if !text.isEmpty, let node = CmarkTree.newText(text) { cmark_node_append_child(cellNode, node) }
        } else if let literal = Self.codeSpanLiteral(text) {
            guard let code = CmarkTree.newNode(CMARK_NODE_CODE) else { return }
            CmarkTree.setLiteral(code, literal)
            cmark_node_append_child(cellNode, code)
        } else if let link = Self.plainLink(text, smart: smart) {
            guard let node = CmarkTree.newNode(CMARK_NODE_LINK), let label = CmarkTree.newText(link.text)
            else {
                return
            }
            CmarkTree.setURL(node, link.url)
            cmark_node_set_title(node, "")
            cmark_node_append_child(node, label)
            cmark_node_append_child(cellNode, node)
        } else if let piece = pieces.next() {
            stripGuard(piece)
            CmarkTree.moveChildren(from: piece, to: cellNode)
        }
    }

    /// Removes the guard character from the start of a parsed piece.
    private func stripGuard(_ piece: OpaquePointer) {
        guard let text = cmark_node_first_child(piece), cmark_node_get_type(text) == CMARK_NODE_TEXT else {
            return
        }
        // Read and cut in place: cmark copies the rest before freeing its old literal.
        let prefix = Self.guardPrefix
        let guarded = CmarkTree.withLiteral(text) { bytes -> Int? in
            guard bytes.count >= prefix.count, prefix.indices.allSatisfy({ bytes[$0] == prefix[$0] }) else {
                return nil
            }
            return bytes.count
        }
        guard let count = guarded ?? nil else { return }
        if count == prefix.count {
            cmark_node_unlink(text)
            cmark_node_free(text)
        } else {
            CmarkTree.dropLiteralPrefix(text, prefix.count)
        }
    }

    private func location(_ line: Int, _ column: Int) -> LineColumn {
        LineColumn(line: line, column: column)
    }

    private func endLocation(_ line: ContentLine) -> LineColumn {
        location(line.line, line.column + max(0, line.bytes.count - 1))
    }
}
