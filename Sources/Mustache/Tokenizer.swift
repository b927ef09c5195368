/// Finds the tags of a template, applying delimiter changes as it goes; text is whatever lies between.
enum Tokenizer {
    static func tags(in source: SourceText) throws(TemplateError) -> [Tag] {
        let bytes = source.bytes
        var delimiters = Delimiters()
        var tags: [Tag] = []
        var position = 0
        while let start = source.firstIndex(of: delimiters.open, from: position) {
            var cursor = start + delimiters.open.count
            let kind = cursor < bytes.count ? kind(ofSigil: bytes[cursor]) : .variable
            let isTriple = cursor < bytes.count && bytes[cursor] == UInt8(ascii: "{")
            if kind != .variable || isTriple { cursor += 1 }
            let closing = isTriple ? [UInt8(ascii: "}")] + delimiters.close : delimiters.close
            guard let closeAt = source.firstIndex(of: closing, from: cursor) else {
                let opened = String(decoding: bytes[start..<cursor], as: UTF8.self)
                let expected = String(decoding: closing, as: UTF8.self)
                throw source.error(at: start, "unclosed tag: '\(opened)' has no matching '\(expected)'")
            }
            let tag = Tag(
                kind: kind, start: start, end: closeAt + closing.count, content: cursor..<closeAt,
                delimiters: delimiters)
            if kind == .delimiters {
                delimiters = try newDelimiters(tag, in: source)
            }
            tags.append(tag)
            position = tag.end
        }
        return tags
    }

    private static func kind(ofSigil sigil: UInt8) -> Tag.Kind {
        switch sigil {
        case UInt8(ascii: "{"), UInt8(ascii: "&"): return .raw
        case UInt8(ascii: "#"): return .section
        case UInt8(ascii: "^"): return .inverted
        case UInt8(ascii: "/"): return .close
        case UInt8(ascii: "!"): return .comment
        case UInt8(ascii: ">"): return .partial
        case UInt8(ascii: "="): return .delimiters
        case UInt8(ascii: "$"): return .block
        case UInt8(ascii: "<"): return .parent
        default: return .variable
        }
    }

    /// Reads `{{=<% %>=}}`: two whitespace-separated delimiters, neither containing `=`, then `=`.
    private static func newDelimiters(_ tag: Tag, in source: SourceText) throws(TemplateError) -> Delimiters {
        let bytes = source.bytes
        let text = String(decoding: bytes[tag.start..<tag.end], as: UTF8.self)
        func bad(_ reason: String) -> TemplateError {
            source.error(at: tag.start, "bad delimiter change '\(text)': \(reason), like {{=<% %>=}}")
        }
        var upper = tag.content.upperBound
        while upper > tag.content.lowerBound, ASCII.isWhitespace(bytes[upper - 1]) { upper -= 1 }
        guard upper > tag.content.lowerBound, bytes[upper - 1] == UInt8(ascii: "=") else {
            throw bad("it must end with '=' before the closing delimiter")
        }
        let parts = bytes[tag.content.lowerBound..<(upper - 1)]
            .split(whereSeparator: ASCII.isWhitespace)
        guard parts.count == 2 else { throw bad("expected exactly two delimiters separated by a space") }
        guard !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
            throw bad("a delimiter cannot contain '='")
        }
        return Delimiters(open: Array(parts[0]), close: Array(parts[1]))
    }
}
