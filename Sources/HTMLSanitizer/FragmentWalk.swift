internal import CGumbo
internal import HTMLText

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

    mutating func run() -> HTMLSanitizer.UTF8Result {
        if input.tooDeep { report("elements nested deeper than \(input.depthLimit) levels") }
        _ = GumboTree.parse(input.bytes) { root in walk(root) }
        return finish()
    }

    private struct Frame {
        var node: GumboTree.Node
        var next = 0
        /// End tag to write when the element closes (nil: none).
        var endTag: [UInt8]?
        /// Whether its content is left out (removed elements, iframes).
        var silences: Bool
    }

    private mutating func walk(_ root: GumboTree.Node) {
        scanAttributes(root)
        var stack = [Frame(node: root, endTag: nil, silences: false)]
        var silent = 0
        while let top = stack.last {
            guard top.next < top.node.childCount else {
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
            guard let child = top.node.child(top.next) else { continue }
            switch child.kind {
            case .text:
                child.withText { text($0, write: silent == 0) }
            case .comment:
                child.withText { text($0, write: false) }
            case .element:
                let frame = open(child, silent: silent > 0)
                if frame.silences { silent += 1 }
                stack.append(frame)
            case .other:
                break
            }
        }
    }

    /// Writes an element's start tag when it is kept, and says how to go on.
    private mutating func open(_ node: GumboTree.Node, silent: Bool) -> Frame {
        let raw = Int(node.tag.rawValue)
        let tag = raw < Allowlist.tags.count ? Allowlist.tags[raw] : Allowlist.tag(named: unknownName(node))
        guard !silent else {
            scanAttributes(node)
            return Frame(node: node, endTag: nil, silences: true)
        }
        let rule = node.isHTML ? tag.rule : .remove
        switch rule {
        case .unwrap, .remove:
            scanAttributes(node)
            report("<\(tag.name)>")
            return Frame(node: node, endTag: nil, silences: rule == .remove)
        case .keep where node.tag == GUMBO_TAG_IFRAME:
            let kept = writeIframe(node)
            return Frame(node: node, endTag: kept ? tag.bytes : nil, silences: true)
        case .keep:
            writeStartTag(node, tag: tag)
            if node.tag == GUMBO_TAG_PRE { preStarts.append(out.count) }
            return Frame(node: node, endTag: tag.isVoid ? nil : tag.bytes, silences: false)
        }
    }

    /// An unknown element's name as written, lowercased, without placeholders (which are noted).
    private mutating func unknownName(_ node: GumboTree.Node) -> String {
        let written = node.originalTagName
        guard !written.isEmpty else { return "unknown element" }
        let name = stripPlaceholders(String(decoding: written, as: UTF8.self))
        return String(name.lowercased().prefix(40))
    }

    /// Text: written escaped with each placeholder's place noted, or only scanned for them.
    private mutating func text(_ bytes: Span<UInt8>, write: Bool) {
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
            if write { HTMLText.appendEscaped(bytes.extracting(runStart..<index), to: &out) }
            note(placeholder)
            index += 4
            runStart = index
        }
        if write { HTMLText.appendEscaped(bytes.extracting(runStart..<bytes.count), to: &out) }
    }

    mutating func note(_ placeholder: Int) {
        if found[placeholder] < 0 { found[placeholder] = out.count }
    }

    /// The string without placeholders, noting each one found.
    mutating func stripPlaceholders(_ string: String) -> String {
        guard !found.isEmpty, Placeholder.mayStart(anyOf: string.utf8.span) else { return string }
        var kept: [UInt8] = []
        let bytes = Array(string.utf8)
        let span = bytes.span
        var index = 0
        while index < span.count {
            if Placeholder.mayStart(span[index]), let scalar = Placeholder.fourByteScalar(span, at: index),
                let placeholder = Placeholder.index(of: scalar, count: found.count)
            {
                note(placeholder)
                index += 4
            } else {
                kept.append(span[index])
                index += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Notes the placeholders in the attributes of an element that is not written.
    private mutating func scanAttributes(_ node: GumboTree.Node) {
        guard !found.isEmpty else { return }
        for index in 0..<node.attributeCount {
            guard let attribute = node.attribute(index) else { continue }
            _ = stripPlaceholders(attribute.name)
            _ = stripPlaceholders(attribute.value)
        }
    }
}
