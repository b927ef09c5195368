internal import CCmark
import TestSupport
import Testing

@testable import MarkdownReader
@testable import NoteModel

/// The read stage's byte-level shortcuts against the plain code they stand in for, on random input
/// built to hit their edges.
@Suite struct ReadFastPathTests {
    typealias Random = ByteLevelEquivalenceTests

    /// The one strcspn that finds text plain and verbatim looks for exactly the bytes of both
    /// checks it stands in for: ``InlineLocator/isSpecial(_:)``, the placeholder lead byte and
    /// the escaped-tilde mark.
    @Test func unplainBytesAreTheChecksBytes() {
        let set = CmarkConverter.unplainBytes
        #expect(set.last == 0)
        let stops = Set(set.dropLast().map { UInt8(bitPattern: $0) })
        for byte in UInt8(1)...UInt8.max {
            let expected =
                InlineLocator.isSpecial(byte) || byte == 0xEE || byte == EscapedTildes.markerBytes[0]
            #expect(stops.contains(byte) == expected, "\(byte)")
        }
    }

    /// A table cell's text, trimmed and with `\|` unescaped, against the first (closure) version.
    @Test(arguments: 0..<8)
    func cellTextMatchesTheReference(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = ["a", " ", "\t", "\u{0B}", "\r", "\\", "|", "\\|", "é", "x"]
        for length in [0, 1, 2, 3, 8, 20] {
            for _ in 0..<100 {
                let bytes = Array(Random.randomText(alphabet, length: length, using: &generator).utf8)
                let start = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
                let slice = bytes[start...]
                #expect(TableRowScanner.unescapedTrimmed(slice) == Self.referenceCellText(slice), "\(bytes)")
            }
        }
    }

    /// A row's cells against the first (byte loop) version, on lines of pipes, escapes, spacing,
    /// NULs and line endings.
    @Test(arguments: 0..<8)
    func rowCellsMatchTheReference(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = ["a", "|", "|", "\\", "\\|", " ", "\t", "\u{0B}", "\u{0}", "\r", "é", "`x`", "||"]
        var rows = 0
        for length in [0, 1, 2, 3, 5, 8, 20] {
            for _ in 0..<200 {
                let line = Array(Random.randomText(alphabet, length: length, using: &generator).utf8)
                let start = line.isEmpty ? 0 : Int.random(in: 0...min(2, line.count - 1), using: &generator)
                let found = TableRowScanner.cells(line[start...])
                let expected = Self.referenceCells(Array(line[start...]))
                if found != nil { rows += 1 }
                #expect(found?.map(\.text) == expected?.map(\.text), "\(line[start...])")
                #expect(found?.map(\.offset) == expected?.map(\.offset), "\(line[start...])")
                #expect(found?.map(\.content) == expected?.map(\.content), "\(line[start...])")
            }
        }
        #expect(rows > 500)
    }

    /// A cell called plain is not parsed: cmark must read it (after the guard character the
    /// parse puts first) as one text node of the same bytes, with and without smart punctuation.
    /// Cells of every ASCII byte and some non-ASCII text, and tables rendered against cmark-gfm.
    @Test(arguments: 0..<8)
    func plainCellsAreOneTextNodeForCmark(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = (1..<0x7F).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{A0}", "中"]
        var plain = 0
        for smart in [false, true] {
            let flags = CMARK_OPT_SOURCEPOS | (smart ? CMARK_OPT_SMART : 0)
            for length in [1, 2, 3, 6, 12] {
                for _ in 0..<300 {
                    let cell = Array(Random.randomText(alphabet, length: length, using: &generator).utf8)
                    let text = TableRowScanner.unescapedTrimmed(cell[...])
                    guard !text.isEmpty, TablePass.isPlain(text, smart: smart) else { continue }
                    plain += 1
                    let piece = [0xC2, 0xA0] + text
                    #expect(Self.textNodes(piece, flags: flags) == [piece], "\(text) smart \(smart)")
                }
            }
        }
        #expect(plain > 1_000)
    }

    /// A cell taken for one code span is not parsed: cmark must read it (after the guard character)
    /// as a text node of that character and one code node of the same literal; every other cell
    /// must be one it reads otherwise (or hold a NUL). Cells of backtick runs, spaces and text.
    @Test(arguments: 0..<8)
    func codeSpanCellsAreOneCodeNodeForCmark(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = ["`", "``", "`", " ", "a", "\\", "*", "[", "]", "\u{0}", "é", "&amp;"]
        var spans = 0
        for length in [1, 2, 3, 4, 6, 10] {
            for _ in 0..<300 {
                // Mostly wrapped in runs of one length, to hit the spans' edges often.
                let runs = (0..<2).map { _ in
                    String(repeating: "`", count: Int.random(in: 0...3, using: &generator))
                }
                let wrap = Bool.random(using: &generator) ? [runs[0], runs[0]] : runs
                let middle = Random.randomText(alphabet, length: length, using: &generator)
                let cell = Array((wrap[0] + middle + wrap[1]).utf8)
                let text = TableRowScanner.unescapedTrimmed(cell[...])
                let piece = [0xC2, 0xA0] + text
                let nodes = Self.inlineNodes(piece)
                let literal = TablePass.codeSpanLiteral(text)
                if let literal { spans += 1 }
                let expected = literal.map { [("text", [0xC2, 0xA0]), ("code", Array($0))] }
                #expect(
                    // A NUL, which cmark reads as U+FFFD, is left to cmark.
                    expected.map { $0.elementsEqual(nodes, by: ==) }
                        ?? (!Self.isOneCodeSpan(nodes) || text.contains(0)),
                    "\(text) \(nodes)")
            }
        }
        #expect(spans > 300)
    }

    /// A cell taken for one inline link is not parsed: cmark must read it (after the guard
    /// character) as one link of that destination, an empty title and one text node of that text,
    /// with and without smart punctuation, whatever link reference definitions follow.
    @Test(arguments: 0..<8)
    func linkCellsAreOneLinkForCmark(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let textAlphabet = ["a", "b", "a", "c", "a", " ", "é", "*", "'", ".", "-", "[", "\\", "&", "\"", "1"]
        let urlAlphabet = [
            "a", "b", "/", "c", "d", "/",
            "a", "/", "#", ".", ":", "%", "*", "_", "-", "(", ")", " ", "<", "&", "\\", "é", "'",
        ]
        var links = 0
        for smart in [false, true] {
            let flags = CMARK_OPT_SOURCEPOS | (smart ? CMARK_OPT_SMART : 0)
            for _ in 0..<1000 {
                let label = Random.randomText(
                    textAlphabet, length: Int.random(in: 0...4, using: &generator), using: &generator)
                let url = Random.randomText(
                    urlAlphabet, length: Int.random(in: 0...5, using: &generator), using: &generator)
                let text = Array("[\(label)](\(url))".utf8)
                guard let link = TablePass.plainLink(text, smart: smart) else { continue }
                links += 1
                let definition = Array("\n\n[\(label)]: /defined\n".utf8)
                let nodes = Self.inlineNodes([0xC2, 0xA0] + text + definition, flags: flags)
                let expected: [(String, [UInt8])] = [
                    ("text", [0xC2, 0xA0]), ("link", Array(link.url)), ("title", []),
                    ("text", Array(link.text)),
                ]
                #expect(expected.elementsEqual(nodes, by: ==), "\(label) \(url) smart \(smart): \(nodes)")
            }
        }
        #expect(links > 120)
    }

    /// Whether cmark made the guard's text node and one code node, nothing else.
    static func isOneCodeSpan(_ nodes: [(String, [UInt8])]) -> Bool {
        nodes.count == 2 && nodes[0] == ("text", [0xC2, 0xA0]) && nodes[1].0 == "code"
    }

    /// The kind and literal of each inline node of the first paragraph cmark makes of `markdown`,
    /// in pre-order; a link as its destination, then its title, then its children.
    static func inlineNodes(_ markdown: [UInt8], flags: Int32 = CMARK_OPT_SOURCEPOS) -> [(String, [UInt8])] {
        let root = markdown.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, flags) }
        }
        guard let root else { return [] }
        defer { cmark_node_free(root) }
        let bytes = { (string: UnsafePointer<CChar>?) in string.map { Array(String(cString: $0).utf8) } ?? []
        }
        var nodes: [(String, [UInt8])] = []
        var pending = [cmark_node_first_child(root).flatMap { cmark_node_first_child($0) }]
        while let last = pending.popLast() {
            guard let node = last else { continue }
            pending.append(cmark_node_next(node))
            if cmark_node_get_type(node) == CMARK_NODE_LINK {
                nodes += [
                    ("link", bytes(cmark_node_get_url(node))), ("title", bytes(cmark_node_get_title(node))),
                ]
                pending.append(cmark_node_first_child(node))
            } else {
                nodes.append(
                    (String(cString: cmark_node_get_type_string(node)), bytes(cmark_node_get_literal(node))))
            }
        }
        return nodes
    }

    /// The table pass skips a note with no line of delimiter row bytes holding a `-`: the whole-note
    /// scan (from each `-` to its line's ends) against splitting the note into cmark's lines.
    @Test(arguments: 0..<8)
    func delimiterRowLinesAreFoundAsByLines(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = ["-", "|", ":", ">", " ", "\t", "a", "-a", "\n", "\r", "\r\n", "é"]
        var found = 0
        for length in [0, 1, 2, 4, 8, 16] {
            for _ in 0..<300 {
                let bytes = Array(Random.randomText(alphabet, length: length, using: &generator).utf8)
                let expected = Self.referenceLines(bytes).contains { line in
                    line.contains(UInt8(ascii: "-"))
                        && line.allSatisfy { Array(" \t\u{0B}\u{0C}-|:>".utf8).contains($0) }
                }
                if expected { found += 1 }
                #expect(TablePass.mayHoldDelimiterRow(bytes) == expected, "\(bytes)")
            }
        }
        #expect(found > 150)
    }

    /// Lines as cmark ends them: at LF, CR LF or CR.
    static func referenceLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 10 || byte == 13 {
                if byte == 13, index + 1 < bytes.count, bytes[index + 1] == 10 { index += 1 }
                lines.append([])
            } else {
                lines[lines.count - 1].append(byte)
            }
            index += 1
        }
        return lines
    }

    /// The URL part of the autolink pass is skipped for a note whose source fails the byte test:
    /// then no text node cmark makes may hold `www.` or `://` (escapes and entities included).
    @Test(arguments: 0..<8)
    func noURLTextWithoutItsBytes(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = [
            "w", "ww", ".", ":", "/", "\\", "\\.", "\\/", "&#47;", "&#119;", "[", "]", "a", " ", "\n", "*",
            "`",
        ]
        var skipped = 0
        for length in [1, 3, 6, 12] {
            for _ in 0..<300 {
                let markdown = Array(Random.randomText(alphabet, length: length, using: &generator).utf8)
                guard !AutolinkPass.mayHoldURL(markdown) else { continue }
                skipped += 1
                for literal in Self.allTextNodes(markdown) {
                    let found =
                        Byte.contains("www.", in: literal.span) || Byte.contains("://", in: literal.span)
                    #expect(!found, "\(String(decoding: markdown, as: UTF8.self).debugDescription)")
                }
            }
        }
        #expect(skipped > 200)
    }

    static func allTextNodes(_ markdown: [UInt8]) -> [[UInt8]] {
        let root = markdown.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, 0) }
        }
        guard let root else { return [] }
        defer { cmark_node_free(root) }
        // Adjacent text nodes joined, as the passes before autolinking leave them.
        cmark_consolidate_text_nodes(root)
        return CmarkTree.nodes(root, ofType: CMARK_NODE_TEXT).map(CmarkTree.literal)
    }

    /// The literals of the document's nodes when it is one paragraph of text nodes only.
    static func textNodes(_ markdown: [UInt8], flags: Int32) -> [[UInt8]]? {
        let root = markdown.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, flags) }
        }
        guard let root else { return nil }
        defer { cmark_node_free(root) }
        guard let paragraph = cmark_node_first_child(root), cmark_node_next(paragraph) == nil,
            cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH
        else { return nil }
        var literals: [[UInt8]] = []
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            guard cmark_node_get_type(node) == CMARK_NODE_TEXT, let literal = cmark_node_get_literal(node)
            else {
                return nil
            }
            literals.append(Array(String(cString: literal).utf8))
            child = cmark_node_next(node)
        }
        return literals
    }

    /// Random tables of plain and marked-up cells render as cmark-gfm renders them.
    @Test(arguments: 0..<4)
    func tablesWithPlainCellsMatchCmarkGFM(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let words = [
            "a", "b c", "`x`", "*e*", "[l](/u)", "", "1.5", "x-y", "it's", "\\|", "é", "~~s~~", "a_b",
            "&amp;",
        ]
        // All forty tables in one document, a blank line apart, so cmark-gfm runs once per seed: each
        // run of a process through Foundation's Process can crash on Linux (swift-corelibs-foundation
        // #5472, an over-read of /proc/self/fd entries in Swift 6.3.1), so tests start as few as they can.
        var document = ""
        for _ in 0..<40 {
            let columns = Int.random(in: 1...3, using: &generator)
            let row = { (generator: inout SeededGenerator) in
                "| "
                    + (0..<columns).map { _ in words.randomElement(using: &generator) ?? "" }.joined(
                        separator: " | ")
                    + " |\n"
            }
            var markdown = row(&generator) + "|" + String(repeating: " --- |", count: columns) + "\n"
            for _ in 0..<Int.random(in: 0...3, using: &generator) { markdown += row(&generator) }
            document += markdown + "\n"
        }
        guard let reference = CmarkGFMReference.html(document, unsafe: false) else { return }
        #expect(Rendering.html(document, unsafe: false, syntax: .gfm) == reference, "\(document)")
    }

    static func referenceCells(_ bytes: [UInt8]) -> [(text: [UInt8], offset: Int, content: Range<Int>)]? {
        let pipe = UInt8(ascii: "|")
        let isSpaceChar = { (byte: UInt8) in byte == 32 || byte == 9 || byte == 11 || byte == 12 }
        func pipeEnd(_ start: Int) -> Int {
            guard start < bytes.count, bytes[start] == pipe else { return start }
            var index = start + 1
            while index < bytes.count, isSpaceChar(bytes[index]) { index += 1 }
            return index
        }
        func cellEnd(_ start: Int) -> Int {
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == pipe {
                    index += 2
                } else if byte == pipe || byte == 0 || byte == 13 || byte == 10 {
                    break
                } else {
                    index += 1
                }
            }
            return index
        }
        var cells: [(text: [UInt8], offset: Int, content: Range<Int>)] = []
        var offset = pipeEnd(0)
        while offset < bytes.count {
            let cellLength = cellEnd(offset) - offset
            let pipeLength = pipeEnd(offset + cellLength) - (offset + cellLength)
            if cellLength > 0 || pipeLength > 0 {
                var content = offset..<offset + cellLength
                while let first = content.first, isSpaceChar(bytes[first]) { content = content.dropFirst() }
                while let last = content.last, isSpaceChar(bytes[last]) { content = content.dropLast() }
                cells.append((referenceCellText(bytes[offset..<offset + cellLength]), offset, content))
            }
            offset += cellLength + pipeLength
            if pipeLength == 0 {
                while offset < bytes.count, isSpaceChar(bytes[offset]) { offset += 1 }
                if offset != bytes.count { return nil }
            }
        }
        return cells.isEmpty ? nil : cells
    }

    static func referenceCellText(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        let isSpace = { (byte: UInt8) in byte == 32 || (9...13).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }),
            let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        var out: [UInt8] = []
        var index = first
        while index <= last {
            if bytes[index] == UInt8(ascii: "\\"), index < last, bytes[index + 1] == UInt8(ascii: "|") {
                index += 1
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// A position looked for near a line is the one the search finds, whatever the line given.
    @Test(arguments: 0..<8)
    func positionNearALineMatchesTheSearch(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = ["a", "\n", "\n\n", "é", "\r\n", "\r"]
        for length in [0, 1, 3, 20, 200] {
            for _ in 0..<20 {
                let table = LineTable(Random.randomText(alphabet, length: length, using: &generator))
                for offset in 0...table.count {
                    let hint = Int.random(in: -1...(table.lineCount + 2), using: &generator)
                    #expect(table.position(of: offset, near: hint) == table.position(of: offset))
                    let end = Int.random(in: offset...table.count, using: &generator)
                    #expect(table.range(offset..<end, near: hint) == table.range(offset..<end))
                }
            }
        }
    }

    /// Callouts made in place against the first version, which built the blocks anew: quotes
    /// with and without a marker, header-only paragraphs, nesting and folds.
    @Test(arguments: 0..<8)
    func calloutsInPlaceMatchTheRebuild(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let lines = [
            "> [!note] Title\n", "> [!tip]-\n", "> body *em*\n", ">\n", "\n", "para [!x]\n",
            "> > [!warn]+ Deep\n", "> - [!no] item\n", "> [!bad type]\n", "- > [!info]\n", "text\n",
        ]
        var callouts = 0
        for _ in 0..<300 {
            let count = Int.random(in: 1...8, using: &generator)
            let markdown = (0..<count).map { _ in lines.randomElement(using: &generator) ?? "" }.joined()
            // Read without the notes passes, then apply both versions to the same blocks.
            var document = MarkdownReader.read(markdown, options: ReaderOptions(syntax: .gfm))
            var expected = document
            Self.referenceCallouts(&expected)
            Callouts.apply(&document)
            #expect(document == expected, "\(markdown.debugDescription)")
            callouts += document.blocks.filter { if case .callout = $0.kind { true } else { false } }.count
        }
        #expect(callouts > 100)
    }

    static func referenceCallouts(_ document: inout NoteDocument) {
        var blocks: [Block] = []
        var body: (index: Int, content: AttributedText?)?
        for (index, var block) in document.blocks.enumerated() {
            if let pending = body, pending.index == index {
                body = nil
                guard let content = pending.content else { continue }
                block.content = content
            }
            blocks.append(block)
            guard case .blockQuote = block.kind, index + 1 < document.blocks.count else { continue }
            let first = document.blocks[index + 1]
            guard case .paragraph = first.kind, first.depth == block.depth + 1, let content = first.content,
                let header = Callouts.header(content)
            else { continue }
            blocks[blocks.count - 1].kind = .callout(type: header.type, fold: header.fold)
            blocks[blocks.count - 1].content = content.slice(header.titleStart..<header.titleEnd)
            let length = content.string.utf8.count
            body = (index + 1, header.bodyStart < length ? content.slice(header.bodyStart..<length) : nil)
        }
        document.blocks = blocks
    }
}
