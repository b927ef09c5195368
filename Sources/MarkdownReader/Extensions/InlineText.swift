internal import CCmark

/// Character classes and neighbours for the inline extensions, as cmark-gfm's scanner sees them.
///
/// On libcmark's tree the source character next to a text node is gone when the neighbour is
/// another inline; every such neighbour (emphasis, code, a link, HTML) starts and ends with ASCII
/// punctuation in the source, so it stands in as punctuation. Breaks and block edges are newlines.
enum InlineText {
    static let newline = Unicode.Scalar(UInt8(10))
    static let punctuation = Unicode.Scalar(UInt8(ascii: "*"))

    static func isInline(_ node: OpaquePointer) -> Bool {
        let type = cmark_node_get_type(node).rawValue
        return type >= CMARK_NODE_FIRST_INLINE.rawValue && type <= CMARK_NODE_LAST_INLINE.rawValue
    }

    /// cmark's `cmark_utf8proc_is_space`: ASCII spacing and Unicode Zs.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 9, 10, 12, 13, 32: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// cmark's `cmark_utf8proc_is_punctuation`: ASCII punctuation and Unicode P*.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 128 {
            return (33...47).contains(scalar.value) || (58...64).contains(scalar.value)
                || (91...96).contains(scalar.value) || (123...126).contains(scalar.value)
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .closePunctuation, .finalPunctuation,
            .initialPunctuation, .otherPunctuation, .openPunctuation:
            return true
        default: return false
        }
    }

    /// cmark's flanking rules for a delimiter run other than `_`.
    static func flanking(before: Unicode.Scalar, after: Unicode.Scalar) -> (left: Bool, right: Bool) {
        let left =
            !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before))
        let right =
            !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after))
        return (left, right)
    }

    /// The scalar that ends just before byte `index`.
    static func scalar(before index: Int, in bytes: [UInt8]) -> Unicode.Scalar {
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: max(0, start), in: bytes)
    }

    /// The scalar starting at byte `index`.
    static func scalar(at index: Int, in bytes: [UInt8]) -> Unicode.Scalar {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first ?? newline
    }

    /// The source character before a text node's first character.
    static func neighbour(before node: OpaquePointer, isBlockStart: Bool) -> Unicode.Scalar {
        guard let previous = cmark_node_previous(node) else { return isBlockStart ? newline : punctuation }
        return edge(of: previous, last: true)
    }

    /// The source character after a text node's last character.
    static func neighbour(after node: OpaquePointer, isBlockEnd: Bool) -> Unicode.Scalar {
        guard let next = cmark_node_next(node) else { return isBlockEnd ? newline : punctuation }
        return edge(of: next, last: false)
    }

    private static func edge(of node: OpaquePointer, last: Bool) -> Unicode.Scalar {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT:
            let literal = CmarkTree.literal(node)
            guard !literal.isEmpty else { return punctuation }
            return last ? scalar(before: literal.count, in: literal) : scalar(at: 0, in: literal)
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: return newline
        default: return punctuation
        }
    }
}
