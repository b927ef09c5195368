internal import CGumbo

/// gumbo's tree of one HTML fragment, read through safe values: the one file of the sanitizer
/// that touches gumbo's pointers. A ``GumboTree/Node`` is valid only inside the `parse` call that
/// handed it out (the tree is destroyed when it returns), so none is ever stored beyond it.
enum GumboTree {
    /// Parses `bytes` as the content of a `<div>` and gives the fragment's root to `body`; nil
    /// when gumbo made no tree.
    static func parse<Result>(_ bytes: [UInt8], _ body: (Node) -> Result) -> Result? {
        var options = kGumboDefaultOptions
        options.fragment_context = GUMBO_TAG_DIV
        options.fragment_namespace = GUMBO_NAMESPACE_HTML
        options.max_errors = 0
        return bytes.withUnsafeBufferPointer { buffer -> Result? in
            buffer.withMemoryRebound(to: CChar.self) { chars -> Result? in
                guard let base = chars.baseAddress,
                    let output = gumbo_parse_with_options(&options, base, chars.count)
                else { return nil }
                defer { gumbo_destroy_output(&options, output) }
                return output.pointee.root.map { body(Node(raw: $0)) }
            }
        }
    }

    enum Kind {
        case element, text, comment, other
    }

    struct Node {
        private let raw: UnsafeMutablePointer<GumboNode>

        fileprivate init(raw: UnsafeMutablePointer<GumboNode>) {
            self.raw = raw
        }

        var kind: Kind {
            switch raw.pointee.type {
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE: .element
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA: .text
            case GUMBO_NODE_COMMENT: .comment
            default: .other
            }
        }

        /// An element's children (the document and fragment root count as elements); 0 for others.
        var childCount: Int {
            kind == .element ? Int(raw.pointee.v.element.children.length) : 0
        }

        func child(_ index: Int) -> Node? {
            guard index >= 0, index < childCount, let child = raw.pointee.v.element.children.data[index]
            else { return nil }
            return Node(raw: child.assumingMemoryBound(to: GumboNode.self))
        }

        /// An element's tag (`GUMBO_TAG_UNKNOWN` for names gumbo does not know).
        var tag: GumboTag { raw.pointee.v.element.tag }

        var isHTML: Bool { raw.pointee.v.element.tag_namespace == GUMBO_NAMESPACE_HTML }

        /// A text or comment node's text, as UTF-8.
        func withText<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
            Self.withBytes(kind == .text || kind == .comment ? raw.pointee.v.text.text : nil, body)
        }

        /// The name an element was written with, as gumbo normalizes it (not lowercased), at most
        /// 4,096 bytes; empty when there is none.
        var originalTagName: [UInt8] {
            var piece = raw.pointee.v.element.original_tag
            guard piece.length > 0 else { return [] }
            gumbo_tag_from_original_text(&piece)
            guard let data = piece.data else { return [] }
            return data.withMemoryRebound(to: UInt8.self, capacity: piece.length) { start in
                Array(UnsafeBufferPointer(start: start, count: min(piece.length, 4096)))
            }
        }

        /// The name gumbo gives a known tag, lowercased.
        static func name(of tag: GumboTag) -> String? {
            gumbo_normalized_tagname(tag).map { String(cString: $0) }
        }

        var attributeCount: Int { kind == .element ? Int(raw.pointee.v.element.attributes.length) : 0 }

        /// The attribute at `index`: its name and value as the parser decoded them, and whether the
        /// source wrote the value in quotes (`<details open>` did not).
        func attribute(_ index: Int) -> Attribute? {
            guard index >= 0, index < attributeCount,
                let found = raw.pointee.v.element.attributes.data[index]?.assumingMemoryBound(
                    to: GumboAttribute.self)
            else { return nil }
            let attribute = found.pointee
            let original = attribute.original_value
            var quoted = false
            if original.length > 0, let data = original.data {
                quoted = data[0] == CChar(UInt8(ascii: "\"")) || data[0] == CChar(UInt8(ascii: "'"))
            }
            return Attribute(
                name: attribute.name.map { String(cString: $0) } ?? "",
                value: attribute.value.map { String(cString: $0) } ?? "", quoted: quoted)
        }

        private static func withBytes<Result>(_ text: UnsafePointer<CChar>?, _ body: (Span<UInt8>) -> Result)
            -> Result
        {
            guard let text else { return body(Span()) }
            let count = strlen(text)
            return text.withMemoryRebound(to: UInt8.self, capacity: count) { start in
                body(UnsafeBufferPointer(start: start, count: count).span)
            }
        }
    }

    struct Attribute {
        var name: String
        var value: String
        var quoted: Bool
    }
}
