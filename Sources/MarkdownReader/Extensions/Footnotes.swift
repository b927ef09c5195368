internal import CCmark
import NoteModel

/// GFM footnotes on libcmark's tree. The definitions were cut from the source by
/// ``FootnoteScanner``; their bodies are parsed in a second document that ends with the note (so link
/// reference definitions apply), placed where they were written, and after the references are
/// numbered in order of first use they move to the end, as cmark-gfm renders them.
struct FootnotePass {
    let scanner: FootnoteScanner
    /// The footnote definition nodes, in source order, with their scan results.
    private(set) var definitions: [(node: OpaquePointer, definition: FootnoteScanner.Definition)] = []
    /// The second document; freed by the caller once the tree is converted.
    private(set) var bodies: OpaquePointer?
    private(set) var bodySource = SourceText("")

    static let sentinel = "<!--notesite-footnote-end-->"

    init(scanner: FootnoteScanner) {
        self.scanner = scanner
    }

    /// Parses the bodies, each into a custom block (not yet in the note's tree).
    mutating func parseBodies(flags: Int32, marks: inout ExtensionMarks) {
        guard !scanner.definitions.isEmpty else { return }
        var text: [UInt8] = []
        var bodyLines: [Int] = []
        var line = 1
        for definition in scanner.definitions {
            bodyLines.append(line)
            text += definition.body + Array("\n\n\(Self.sentinel)\n\n".utf8)
            line += definition.body.count { $0 == 10 } + 4
        }
        text += scanner.rewritten
        bodySource = SourceText(bytes: text)
        bodies = CmarkTree.parse(text, flags: flags)
        guard let bodies else { return }
        var children = CmarkTree.children(bodies).makeIterator()
        for (index, definition) in scanner.definitions.enumerated() {
            guard let block = CmarkTree.newNode(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            while let child = children.next() {
                if cmark_node_get_type(child) == CMARK_NODE_HTML_BLOCK,
                    CmarkTree.literal(child).starts(with: Self.sentinel.utf8)
                {
                    break
                }
                cmark_node_append_child(block, child)
            }
            cmark_node_append_child(bodies, block)
            marks.setBlock(.footnoteDefinition(label: definition.label, number: 0, references: 0), of: block)
            marks.setPosition(
                start: LineColumn(line: definition.firstLine, column: definition.column),
                end: LineColumn(line: definition.lastLine, column: 1), of: block)
            marks.setLineShift(definition.firstLine - bodyLines[index], of: block)
            definitions.append((block, definition))
        }
    }

    /// Puts each definition where it was written among the note's top-level blocks.
    func place(in root: OpaquePointer) {
        var children = CmarkTree.children(root)[...]
        for (node, definition) in definitions {
            while let first = children.first, Int(cmark_node_get_start_line(first)) < definition.firstLine {
                children = children.dropFirst()
            }
            if let next = children.first {
                cmark_node_insert_before(next, node)
            } else {
                cmark_node_append_child(root, node)
            }
        }
    }

    /// Turns `[^label]` in text into references, numbers the definitions by first use, and moves the
    /// used ones to the end of the note (the unused ones are dropped, as cmark-gfm does).
    func resolve(_ root: OpaquePointer, marks: inout ExtensionMarks) {
        guard !definitions.isEmpty else { return }
        var byKey: [String: Int] = [:]
        for (index, entry) in definitions.enumerated() where byKey[entry.definition.key] == nil {
            byKey[entry.definition.key] = index
        }
        var numbering = Numbering()
        for text in textNodes(root) {
            guard let pieces = Self.split(CmarkTree.literal(text), byKey: byKey) else { continue }
            replace(text, with: pieces, numbering: &numbering, marks: &marks)
        }
        moveDefinitions(to: root, numbering: numbering, marks: &marks)
    }

    /// A run of a text node's bytes, and the definition it refers to when it is a reference.
    typealias Piece = (bytes: ArraySlice<UInt8>, footnote: Int?)

    /// `literal` cut into plain runs and `[^label]` references to the definitions in `byKey`; nil
    /// when it refers to none.
    static func split(_ literal: [UInt8], byKey: [String: Int]) -> [Piece]? {
        var pieces: [Piece] = []
        var consumed = 0
        var index = 0
        while index + 3 < literal.count {
            guard literal[index] == UInt8(ascii: "["), literal[index + 1] == UInt8(ascii: "^"),
                let close = literal[(index + 2)...].firstIndex(where: {
                    $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "[")
                }),
                literal[close] == UInt8(ascii: "]"), close > index + 2,
                let footnote = byKey[FootnoteScanner.normalize(literal[(index + 2)..<close])]
            else {
                index += 1
                continue
            }
            if index > consumed { pieces.append((literal[consumed..<index], nil)) }
            pieces.append((literal[index...close], footnote))
            consumed = close + 1
            index = close + 1
        }
        guard pieces.contains(where: { $0.footnote != nil }) else { return nil }
        if consumed < literal.count { pieces.append((literal[consumed...], nil)) }
        return pieces
    }

    /// Puts `pieces` where `text` was: plain runs as text, references as marked custom inlines.
    private func replace(
        _ text: OpaquePointer, with pieces: [Piece], numbering: inout Numbering, marks: inout ExtensionMarks
    ) {
        for piece in pieces {
            guard let node = CmarkTree.newText(piece.bytes) else { continue }
            guard let footnote = piece.footnote, let reference = CmarkTree.newNode(CMARK_NODE_CUSTOM_INLINE)
            else {
                cmark_node_insert_before(text, node)
                continue
            }
            let (number, occurrence) = numbering.refer(to: footnote)
            cmark_node_append_child(reference, node)
            cmark_node_insert_before(text, reference)
            marks.setInline(
                .footnoteReference(
                    label: definitions[footnote].definition.label, number: number, occurrence: occurrence),
                of: reference)
        }
        cmark_node_unlink(text)
        cmark_node_free(text)
    }

    /// Drops the definitions nothing refers to and appends the others to the note, numbered.
    private func moveDefinitions(to root: OpaquePointer, numbering: Numbering, marks: inout ExtensionMarks) {
        for (index, entry) in definitions.enumerated() where numbering.numbers[index] == nil {
            cmark_node_unlink(entry.node)
            cmark_node_free(entry.node)
        }
        for footnote in numbering.order {
            let node = definitions[footnote].node
            marks.setBlock(
                .footnoteDefinition(
                    label: definitions[footnote].definition.label, number: numbering.numbers[footnote] ?? 0,
                    references: numbering.references[footnote] ?? 0),
                of: node)
            cmark_node_append_child(root, node)
        }
    }

    /// Footnote numbers in order of first reference, and how often each definition is referred to.
    struct Numbering {
        private(set) var numbers: [Int: Int] = [:]
        private(set) var references: [Int: Int] = [:]
        private(set) var order: [Int] = []

        /// Counts a reference to definition `footnote`: its number, and which reference to it this is.
        mutating func refer(to footnote: Int) -> (number: Int, occurrence: Int) {
            if numbers[footnote] == nil {
                order.append(footnote)
                numbers[footnote] = order.count
            }
            let occurrence = (references[footnote] ?? 0) + 1
            references[footnote] = occurrence
            return (numbers[footnote] ?? 0, occurrence)
        }
    }

    /// Text outside images, in document order (references count in order of appearance).
    private func textNodes(_ root: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var images = 0
        CmarkTree.walk(root) { node, entering in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_IMAGE: images += entering ? 1 : -1
            case CMARK_NODE_TEXT where images == 0: found.append(node)
            default: break
            }
        }
        return found
    }
}
