/// Re-indents standalone blocks, as the inheritance spec asks: a block's own indentation is removed where
/// it is written and the indentation of the block it fills is added where it is shown.
enum Dedenter {
    /// Removes the common indentation of `content`'s lines from `block` and records the indentation the
    /// block adds when shown: its first line's, or else the whitespace before its opening tag.
    static func dedent(
        _ block: Block, content: Range<Int>, in source: SourceText, tagIndent: [UInt8]
    ) -> Block {
        let bytes = source.bytes
        var margin: ArraySlice<UInt8>?
        var firstBlankLine: ArraySlice<UInt8>?
        var lineStart = content.lowerBound
        while lineStart < content.upperBound {
            var lineEnd = lineStart
            while lineEnd < content.upperBound, bytes[lineEnd] != ASCII.newline { lineEnd += 1 }
            var textStart = lineStart
            while textStart < lineEnd, ASCII.isInlineSpace(bytes[textStart]) { textStart += 1 }
            let isBlank =
                textStart == lineEnd || (textStart + 1 == lineEnd && bytes[textStart] == ASCII.carriageReturn)
            if isBlank {
                if lineStart == content.lowerBound { firstBlankLine = bytes[lineStart..<textStart] }
            } else {
                let leading = bytes[lineStart..<textStart]
                margin = margin.map { commonPrefix($0, leading) } ?? leading
            }
            lineStart = lineEnd + 1
        }
        let removed = margin.map(Array.init) ?? []
        let intrinsic = firstBlankLine.map(Array.init) ?? removed
        var result = block
        result.indent = intrinsic.isEmpty ? tagIndent : intrinsic
        result.children = strip(removed, from: block.children)
        return result
    }

    private static func commonPrefix(_ first: ArraySlice<UInt8>, _ second: ArraySlice<UInt8>) -> ArraySlice<
        UInt8
    > {
        var count = 0
        for (left, right) in zip(first, second) {
            guard left == right else { break }
            count += 1
        }
        return first.prefix(count)
    }

    /// Removes `margin` from the start of every line in `nodes`. Recursion depth is bounded by
    /// `Parser.maximumNesting`.
    private static func strip(_ margin: [UInt8], from nodes: [Node]) -> [Node] {
        guard !margin.isEmpty else { return nodes }
        var result: [Node] = []
        result.reserveCapacity(nodes.count)
        var atLineStart = false
        for node in nodes {
            defer {
                if case .lineStart = node { atLineStart = true } else { atLineStart = false }
            }
            switch node {
            case .text(let bytes):
                let stripped = strip(margin.count, from: bytes, atLineStart: atLineStart)
                if !stripped.isEmpty { result.append(.text(stripped)) }
            case .section(let path, let inverted, let children):
                result.append(.section(path, inverted: inverted, children: strip(margin, from: children)))
            case .block(let block):
                result.append(.block(strip(margin, from: block)))
            case .parent(let name, let template, let indent, let overrides, let offset):
                let inner = overrides.map { strip(margin, from: $0) }
                result.append(
                    .parent(name: name, template: template, indent: indent, overrides: inner, offset: offset))
            case .lineStart, .variable, .partial:
                result.append(node)
            }
        }
        return result
    }

    /// A nested standalone block is already dedented further: only its added indentation shrinks.
    private static func strip(_ margin: [UInt8], from block: Block) -> Block {
        var result = block
        if let indent = block.indent {
            result.indent = indent.starts(with: margin) ? Array(indent.dropFirst(margin.count)) : indent
        } else {
            result.children = strip(margin, from: block.children)
        }
        return result
    }

    /// Drops up to `count` spaces or tabs at each line start of `bytes`.
    private static func strip(_ count: Int, from bytes: [UInt8], atLineStart: Bool) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var toSkip = atLineStart ? count : 0
        for (index, byte) in bytes.enumerated() {
            if toSkip > 0, ASCII.isInlineSpace(byte) {
                toSkip -= 1
                continue
            }
            toSkip = 0
            result.append(byte)
            if byte == ASCII.newline, index + 1 < bytes.count { toSkip = count }
        }
        return result
    }
}
