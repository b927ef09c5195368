internal import CCmark
import NoteModel

/// GFM strikethrough on libcmark's tree: runs of one or two `~` in text nodes are delimiters,
/// matched as cmark-gfm's delimiter stack does within each inline container.
///
/// Known approximation: libcmark has already paired `*` and `_`, so a `~~` pair that crosses an
/// emphasis boundary is not matched (cmark-gfm matches whichever closes first).
struct StrikethroughPass {
    private struct Delimiter {
        var node: OpaquePointer
        var length: Int
        var canOpen: Bool
        var canClose: Bool
        var active = true
    }

    func run(_ root: OpaquePointer, marks: inout ExtensionMarks) {
        for container in Self.inlineContainers(root) {
            process(container, marks: &marks)
        }
    }

    /// Every node whose children are inlines, outermost first.
    private static func inlineContainers(_ root: OpaquePointer) -> [OpaquePointer] {
        CmarkTree.nodes(root) { node in cmark_node_first_child(node).map(InlineText.isInline) ?? false }
    }

    private func process(_ container: OpaquePointer, marks: inout ExtensionMarks) {
        // Most containers have no `~` in their text: nothing to split, nothing copied.
        guard Self.hasTilde(container) else { return }
        // Split text nodes so every delimiter run is a text node of its own.
        var delimiters: [Delimiter] = []
        let isBlock = !InlineText.isInline(container)
        for node in CmarkTree.children(container) where cmark_node_get_type(node) == CMARK_NODE_TEXT {
            let literal = CmarkTree.literal(node)
            guard literal.contains(UInt8(ascii: "~")) else { continue }
            var pieces: [(bytes: ArraySlice<UInt8>, delimiter: Delimiter?)] = []
            var start = 0
            var index = 0
            while index < literal.count {
                guard literal[index] == UInt8(ascii: "~") else {
                    index += 1
                    continue
                }
                var end = index
                while end < literal.count, literal[end] == UInt8(ascii: "~") { end += 1 }
                let length = end - index
                let before =
                    index > 0
                    ? InlineText.scalar(before: index, in: literal)
                    : InlineText.neighbour(before: node, isBlockStart: isBlock)
                let after =
                    end < literal.count
                    ? InlineText.scalar(at: end, in: literal)
                    : InlineText.neighbour(after: node, isBlockEnd: isBlock)
                let flanking = InlineText.flanking(before: before, after: after)
                if (flanking.left || flanking.right) && length <= 2 {
                    if start < index { pieces.append((literal[start..<index], nil)) }
                    pieces.append(
                        (
                            literal[index..<end],
                            Delimiter(
                                node: node, length: length, canOpen: flanking.left, canClose: flanking.right)
                        ))
                    start = end
                }
                index = end
            }
            guard pieces.contains(where: { $0.delimiter != nil }) else { continue }
            if start < literal.count { pieces.append((literal[start...], nil)) }
            for piece in pieces {
                guard let text = CmarkTree.newText(piece.bytes) else { continue }
                cmark_node_insert_before(node, text)
                if var delimiter = piece.delimiter {
                    delimiter.node = text
                    delimiters.append(delimiter)
                }
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        guard delimiters.count >= 2 else { return }
        match(&delimiters, marks: &marks)
    }

    /// Whether a text child of the container holds a `~`, read in place.
    private static func hasTilde(_ container: OpaquePointer) -> Bool {
        var child = cmark_node_first_child(container)
        while let node = child {
            if cmark_node_get_type(node) == CMARK_NODE_TEXT, CmarkTree.literal(node, contains: Byte.tilde) {
                return true
            }
            child = cmark_node_next(node)
        }
        return false
    }

    /// cmark-gfm's `process_emphasis` for `~`, with `openers_bottom` per length modulo 3.
    private func match(_ delimiters: inout [Delimiter], marks: inout ExtensionMarks) {
        var openersBottom = [-1, -1, -1]
        var closer = 0
        while closer < delimiters.count {
            guard delimiters[closer].active, delimiters[closer].canClose else {
                closer += 1
                continue
            }
            let closing = delimiters[closer]
            var opener = closer - 1
            var found = false
            while opener >= 0, opener > openersBottom[closing.length % 3] {
                let candidate = delimiters[opener]
                if candidate.active, candidate.canOpen,
                    !(closing.canOpen || candidate.canClose) || closing.length % 3 == 0
                        || (candidate.length + closing.length) % 3 != 0
                {
                    found = true
                    break
                }
                opener -= 1
            }
            if found {
                if delimiters[opener].length == closing.length {
                    wrap(from: delimiters[opener].node, to: closing.node, marks: &marks)
                }
                for index in opener...closer { delimiters[index].active = false }
            } else {
                openersBottom[closing.length % 3] = closer - 1
                if !closing.canOpen { delimiters[closer].active = false }
            }
            closer += 1
        }
    }

    /// Turns the opener's text node into a strikethrough holding everything up to the closer.
    private func wrap(from opener: OpaquePointer, to closer: OpaquePointer, marks: inout ExtensionMarks) {
        guard let strike = CmarkTree.newNode(CMARK_NODE_CUSTOM_INLINE) else { return }
        cmark_node_insert_before(opener, strike)
        marks.setInline(.strikethrough, of: strike)
        var node = cmark_node_next(opener)
        while let current = node, current != closer {
            node = cmark_node_next(current)
            cmark_node_append_child(strike, current)
        }
        cmark_node_unlink(opener)
        cmark_node_free(opener)
        cmark_node_unlink(closer)
        cmark_node_free(closer)
    }
}
