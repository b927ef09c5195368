internal import CGumbo
internal import HTMLText

typealias NodePointer = UnsafeMutablePointer<GumboNode>

/// One sanitizing pass: parses the input, walks gumbo's tree with a stack of its own (nesting
/// may be thousands deep), writes what the allowlist keeps, and notes where each placeholder
/// turned up; `finish` then splices the trusted pieces in at those places.
struct FragmentWalk {
    let input: FragmentInput
    let embedHosts: Set<String>
    let urls: (String, HTMLSanitizer.URLAttribute, String) -> HTMLSanitizer.URLDecision
    var usedIDs: Set<String>
    /// The last suffix given per id, so a thousand equal ids cost no more than a thousand lookups.
    var idSuffixes: [String: Int] = [:]
    var out: [UInt8] = []
    /// Per placeholder, the offset in `out` where it was first seen, or -1.
    var found: [Int]
    var removed: [String] = []
    private var removedSet: Set<String> = []
    /// Offsets in `out` right after each `<pre>` start tag (see `finish`).
    var preStarts: [Int] = []

    init(
        input: FragmentInput, embedHosts: Set<String>, reservedIDs: Set<String>,
        urls: @escaping (String, HTMLSanitizer.URLAttribute, String) -> HTMLSanitizer.URLDecision
    ) {
        self.input = input
        self.embedHosts = embedHosts
        self.usedIDs = reservedIDs
        self.urls = urls
        self.found = Array(repeating: -1, count: input.trusted.count)
        out.reserveCapacity(input.bytes.count + input.bytes.count / 8)
    }

    mutating func report(_ what: String) {
        if removedSet.insert(what).inserted { removed.append(what) }
    }

    mutating func run() -> HTMLSanitizer.Result {
        if input.tooDeep { report("elements nested deeper than \(input.depthLimit) levels") }
        var options = kGumboDefaultOptions
        options.fragment_context = GUMBO_TAG_DIV
        options.fragment_namespace = GUMBO_NAMESPACE_HTML
        options.max_errors = 0
        input.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let base = chars.baseAddress,
                    let output = gumbo_parse_with_options(&options, base, chars.count)
                else { return }
                defer { gumbo_destroy_output(&options, output) }
                if let root = output.pointee.root { walk(root) }
            }
        }
        return finish()
    }

    private struct Frame {
        var node: NodePointer
        var next: UInt32 = 0
        /// End tag to write when the element closes (nil: none).
        var endTag: [UInt8]?
        /// Whether its content is left out (removed elements, iframes).
        var silences: Bool
    }

    private mutating func walk(_ root: NodePointer) {
        scanAttributes(root)
        var stack = [Frame(node: root, endTag: nil, silences: false)]
        var silent = 0
        while let top = stack.last {
            let children = top.node.pointee.v.element.children
            guard top.next < children.length else {
                stack.removeLast()
                if let endTag = top.endTag {
                    out.append(UInt8(ascii: "<"))
                    out.append(UInt8(ascii: "/"))
                    out.append(contentsOf: endTag)
                    out.append(UInt8(ascii: ">"))
                }
                if top.silences { silent -= 1 }
                continue
            }
            stack[stack.count - 1].next += 1
            guard let raw = children.data[Int(top.next)] else { continue }
            let child = raw.assumingMemoryBound(to: GumboNode.self)
            switch child.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                text(child.pointee.v.text.text, write: silent == 0)
            case GUMBO_NODE_COMMENT:
                text(child.pointee.v.text.text, write: false)
            case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                let frame = open(child, silent: silent > 0)
                if frame.silences { silent += 1 }
                stack.append(frame)
            default:
                break
            }
        }
    }

    /// Writes an element's start tag when it is kept, and says how to go on.
    private mutating func open(_ node: NodePointer, silent: Bool) -> Frame {
        let element = node.pointee.v.element
        let raw = Int(element.tag.rawValue)
        let tag =
            raw < Allowlist.tags.count ? Allowlist.tags[raw] : Allowlist.tag(named: unknownName(element))
        guard !silent else {
            scanAttributes(node)
            return Frame(node: node, endTag: nil, silences: true)
        }
        let rule = element.tag_namespace == GUMBO_NAMESPACE_HTML ? tag.rule : .remove
        switch rule {
        case .unwrap, .remove:
            scanAttributes(node)
            report("<\(tag.name)>")
            return Frame(node: node, endTag: nil, silences: rule == .remove)
        case .keep where element.tag == GUMBO_TAG_IFRAME:
            let kept = writeIframe(node)
            return Frame(node: node, endTag: kept ? tag.bytes : nil, silences: true)
        case .keep:
            writeStartTag(node, tag: tag)
            if element.tag == GUMBO_TAG_PRE { preStarts.append(out.count) }
            return Frame(node: node, endTag: tag.isVoid ? nil : tag.bytes, silences: false)
        }
    }

    /// An unknown element's name as written, lowercased, without placeholders (which are noted).
    private mutating func unknownName(_ element: GumboElement) -> String {
        var piece = element.original_tag
        guard piece.length > 0 else { return "unknown element" }
        gumbo_tag_from_original_text(&piece)
        guard let data = piece.data else { return "unknown element" }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        let name = stripPlaceholders(UnsafeBufferPointer(start: bytes, count: min(piece.length, 4096)))
        return String(name.lowercased().prefix(40))
    }

    /// Text: written escaped with each placeholder's place noted, or only scanned for them.
    private mutating func text(_ text: UnsafePointer<CChar>?, write: Bool) {
        guard let text else { return }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
        let count = found.count
        var index = 0
        var runStart = 0
        while index < bytes.count {
            guard Placeholder.mayStart(bytes[index]),
                let scalar = Placeholder.fourByteScalar(bytes, at: index),
                let placeholder = Placeholder.index(of: scalar, count: count)
            else {
                index += 1
                continue
            }
            if write {
                HTMLText.appendEscaped(UnsafeBufferPointer(rebasing: bytes[runStart..<index]), to: &out)
            }
            note(placeholder)
            index += 4
            runStart = index
        }
        if write { HTMLText.appendEscaped(UnsafeBufferPointer(rebasing: bytes[runStart...]), to: &out) }
    }

    mutating func note(_ placeholder: Int) {
        if found[placeholder] < 0 { found[placeholder] = out.count }
    }

    /// The bytes as a string without placeholders, noting each one found.
    mutating func stripPlaceholders(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard !found.isEmpty, bytes.contains(where: Placeholder.mayStart) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        var kept: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if Placeholder.mayStart(bytes[index]), let scalar = Placeholder.fourByteScalar(bytes, at: index),
                let placeholder = Placeholder.index(of: scalar, count: found.count)
            {
                note(placeholder)
                index += 4
            } else {
                kept.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    mutating func stripPlaceholders(_ string: UnsafePointer<CChar>?) -> String {
        guard let string else { return "" }
        return stripPlaceholders(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(string).assumingMemoryBound(to: UInt8.self), count: strlen(string)))
    }

    /// Notes the placeholders in the attributes of an element that is not written.
    private mutating func scanAttributes(_ node: NodePointer) {
        guard !found.isEmpty else { return }
        forEachAttribute(node) { walk, attribute in
            _ = walk.stripPlaceholders(attribute.pointee.name)
            _ = walk.stripPlaceholders(attribute.pointee.value)
        }
    }

    mutating func forEachAttribute(
        _ node: NodePointer, _ body: (inout FragmentWalk, UnsafeMutablePointer<GumboAttribute>) -> Void
    ) {
        let attributes = node.pointee.v.element.attributes
        for index in 0..<Int(attributes.length) {
            guard let raw = attributes.data[index] else { continue }
            body(&self, raw.assumingMemoryBound(to: GumboAttribute.self))
        }
    }
}
