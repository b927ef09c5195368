/// A tag as the tokenizer found it, before the parser gives it meaning.
struct Tag {
    enum Kind: Equatable {
        case variable, raw, section, inverted, close, comment, partial, delimiters, block, parent

        /// Kinds that may stand alone on a line, which then disappears from the output.
        var canStandAlone: Bool { self != .variable && self != .raw }

        /// Kinds that open a section closed by `{{/name}}`.
        var opensSection: Bool {
            self == .section || self == .inverted || self == .block || self == .parent
        }
    }

    var kind: Kind
    /// Offset of the opening delimiter.
    var start: Int
    /// Offset just past the closing delimiter.
    var end: Int
    /// The bytes between the sigil and the closing delimiter.
    var content: Range<Int>
    /// The delimiters in force, for messages.
    var delimiters: Delimiters
}

/// The current opening and closing tag delimiters, `{{` and `}}` until a `{{=<% %>=}}` tag changes them.
struct Delimiters {
    var open: [UInt8] = Array("{{".utf8)
    var close: [UInt8] = Array("}}".utf8)

    var openText: String { String(decoding: open, as: UTF8.self) }
    var closeText: String { String(decoding: close, as: UTF8.self) }
}
