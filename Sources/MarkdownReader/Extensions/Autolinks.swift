internal import CCmark

/// GFM's extended autolinks on libcmark's tree: `www.` and `http(s)://`/`ftp://` links in text
/// outside links and brackets (cmark-gfm finds those while parsing inlines), then e-mail addresses
/// (cmark-gfm's post-processing). Each becomes an ordinary link node.
///
/// Known approximation: cmark-gfm reads a URL from the raw source, so a URL whose text libcmark has
/// already split (emphasis, an entity or a backslash escape inside it) can end differently.
struct AutolinkPass {
    private enum Piece {
        case text(ArraySlice<UInt8>)
        case link(url: [UInt8], text: ArraySlice<UInt8>)
    }

    /// A text node, and whether it is inside a link or an image's alt text.
    private struct Candidate {
        var node: OpaquePointer
        var inLink: Bool
    }

    /// `urls`, `emails`: false when no text can hold a `www.` or `://` (see ``mayHoldURL(_:)``), or
    /// an `@` (that part of the pass then has nothing to find, and the tree is not walked for it).
    func run(_ root: OpaquePointer, urls: Bool = true, emails: Bool = true) {
        // cmark-gfm links no URL while a `[` is open: count them through each leaf block's text.
        var brackets = (block: OpaquePointer?.none, depth: 0)
        var candidates = urls ? textNodes(root) : nil
        var linked = false
        for candidate in candidates ?? [] where !candidate.inLink {
            let block = leafBlock(of: candidate.node)
            if block != brackets.block { brackets = (block, 0) }
            if linkURLs(candidate.node, bracketDepth: &brackets.depth) { linked = true }
        }
        guard emails else { return }
        // Nearly always no URL was linked: the text nodes are then still the tree's, walked once.
        if linked || candidates == nil { candidates = textNodes(root) }
        for candidate in candidates ?? [] where !candidate.inLink {
            linkEmails(candidate.node)
        }
    }

    private func textNodes(_ root: OpaquePointer) -> [Candidate] {
        var found: [Candidate] = []
        var linkDepth = 0
        CmarkTree.walk(root) { node, entering in
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE: linkDepth += entering ? 1 : -1
            case CMARK_NODE_TEXT: found.append(Candidate(node: node, inLink: linkDepth > 0))
            default: break
            }
        }
        return found
    }

    // MARK: www. and scheme links

    /// Returns whether the node was replaced (by links and the text around them).
    private func linkURLs(_ node: OpaquePointer, bracketDepth: inout Int) -> Bool {
        guard Self.mayHoldURL(node, bracketDepth: &bracketDepth) else { return false }
        let data = CmarkTree.literal(node)
        var pieces: [Piece] = []
        var consumed = 0
        var index = 0
        while index < data.count {
            let byte = data[index]
            if byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if byte == UInt8(ascii: "]") {
                bracketDepth = max(0, bracketDepth - 1)
            } else if bracketDepth == 0, byte == UInt8(ascii: "w"),
                let end = wwwLink(
                    data, at: index,
                    allowedStart: index > 0 ? Self.mayPrecede(data[index - 1]) : mayStart(node))
            {
                if index > consumed { pieces.append(.text(data[consumed..<index])) }
                pieces.append(.link(url: Array("http://".utf8) + data[index..<end], text: data[index..<end]))
                consumed = end
                index = end
                continue
            } else if bracketDepth == 0, byte == UInt8(ascii: ":"),
                let (start, end) = schemeLink(data, at: index, from: consumed)
            {
                if start > consumed { pieces.append(.text(data[consumed..<start])) }
                pieces.append(.link(url: Array(data[start..<end]), text: data[start..<end]))
                consumed = end
                index = end
                continue
            }
            index += 1
        }
        guard !pieces.isEmpty else { return false }
        if consumed < data.count { pieces.append(.text(data[consumed...])) }
        replace(node, with: pieces)
        return true
    }

    /// Whether text parsed from these bytes may hold `www.` or `://`. Text is the source less the
    /// backslashes of escapes (`www\.`, `:\/\/`) and with entities decoded (any `&`): without
    /// `www`, `:/`, `:\` and `&` in the source, no text holds either.
    static func mayHoldURL(_ source: [UInt8]) -> Bool {
        let bytes = source.span
        return Byte.contains("www", in: bytes) || Byte.contains(":/", in: bytes)
            || Byte.contains(":\\", in: bytes)
            || Byte.contains("&", in: bytes)
    }

    /// Whether the text may hold a `www.` or `://` link outside brackets, read in place; when not
    /// (almost every text), the bracket depth is moved past it and the text is neither copied nor cut.
    private static func mayHoldURL(_ node: OpaquePointer, bracketDepth: inout Int) -> Bool {
        CmarkTree.withLiteral(node) { mayHoldURL($0, bracketDepth: &bracketDepth) } ?? false
    }

    static func mayHoldURL(_ data: Span<UInt8>, bracketDepth: inout Int) -> Bool {
        // Without a bracket (nearly every text) the depth stays as it is, and only whether
        // `www.` or `://` occurs matters: memchr answers that faster than the loop.
        if Byte.firstIndex(of: UInt8(ascii: "["), in: data, from: 0) == nil,
            Byte.firstIndex(of: UInt8(ascii: "]"), in: data, from: 0) == nil
        {
            return bracketDepth == 0 && (Byte.contains("www.", in: data) || Byte.contains("://", in: data))
        }
        return mayHoldURLByByte(data, bracketDepth: &bracketDepth)
    }

    /// ``mayHoldURL(_:bracketDepth:)`` byte by byte, counting brackets.
    static func mayHoldURLByByte(_ data: Span<UInt8>, bracketDepth: inout Int) -> Bool {
        var depth = bracketDepth
        for index in data.indices {
            switch data[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: "w") where depth == 0:
                if data.count - index >= 4, data[index + 1] == UInt8(ascii: "w"),
                    data[index + 2] == UInt8(ascii: "w"), data[index + 3] == UInt8(ascii: ".")
                {
                    return true
                }
            case UInt8(ascii: ":") where depth == 0:
                if data.count - index >= 3, data[index + 1] == UInt8(ascii: "/"),
                    data[index + 2] == UInt8(ascii: "/")
                {
                    return true
                }
            default: break
            }
        }
        bracketDepth = depth
        return false
    }

    private static func mayPrecede(_ byte: UInt8) -> Bool {
        AutolinkScanner.isSpace(byte) || "*_~(".utf8.contains(byte)
    }

    /// Whether the source character before this text node lets a `www.` link start.
    private func mayStart(_ node: OpaquePointer) -> Bool {
        if let previous = cmark_node_previous(node) {
            switch cmark_node_get_type(previous) {
            case CMARK_NODE_TEXT:
                return CmarkTree.literal(previous).last.map(Self.mayPrecede) ?? true
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_EMPH, CMARK_NODE_STRONG,
                CMARK_NODE_CUSTOM_INLINE:
                return true
            default:
                return false
            }
        }
        guard let parent = cmark_node_parent(node) else { return true }
        return !InlineText.isInline(parent) || cmark_node_get_type(parent) != CMARK_NODE_LINK
    }

    private func leafBlock(of node: OpaquePointer) -> OpaquePointer? {
        var current = cmark_node_parent(node)
        while let candidate = current, InlineText.isInline(candidate) {
            current = cmark_node_parent(candidate)
        }
        return current
    }

    /// cmark-gfm's `www_match` at `index`: the link's end, or nil.
    private func wwwLink(_ data: [UInt8], at index: Int, allowedStart: Bool) -> Int? {
        guard allowedStart, data.count - index >= 4, data[index..<index + 4].elementsEqual("www.".utf8) else {
            return nil
        }
        let domain = AutolinkScanner.domainLength(data, from: index, allowShort: false)
        guard domain > 0 else { return nil }
        let body = AutolinkScanner.bodyEnd(data, from: index + domain)
        let end = AutolinkScanner.trimmedEnd(data, from: index, to: body)
        return end > index ? end : nil
    }

    /// cmark-gfm's `url_match` at a `:`: the link's start (the scheme) and end, or nil.
    private func schemeLink(_ data: [UInt8], at colon: Int, from earliest: Int) -> (Int, Int)? {
        guard data.count - colon >= 4, data[colon + 1] == UInt8(ascii: "/"),
            data[colon + 2] == UInt8(ascii: "/")
        else {
            return nil
        }
        var start = colon
        while start > earliest, AutolinkScanner.isAlpha(data[start - 1]) { start -= 1 }
        let scheme = String(decoding: data[start..<colon], as: UTF8.self).lowercased()
        // (Newer cmark-gfm also wants a letter or digit after `//`; Debian's does not.)
        guard ["http", "https", "ftp"].contains(scheme), colon + 3 < data.count else { return nil }
        let domain = AutolinkScanner.domainLength(data, from: colon + 3, allowShort: true)
        guard domain > 0 else { return nil }
        let body = AutolinkScanner.bodyEnd(data, from: colon + 3 + domain)
        let end = AutolinkScanner.trimmedEnd(data, from: start, to: body)
        return end > start ? (start, end) : nil
    }

    // MARK: e-mail

    /// cmark-gfm's `postprocess_text`, as a loop (it gives up after 1,000 tries in one text).
    private func linkEmails(_ node: OpaquePointer) {
        // Without an `@` there is nothing to find: look in place before copying the text.
        guard CmarkTree.literal(node, contains: UInt8(ascii: "@")) else { return }
        let data = CmarkTree.literal(node)
        var pieces: [Piece] = []
        var consumed = 0
        var offset = 0
        var tries = 0
        while tries <= 1000, offset < data.count, let at = data[offset...].firstIndex(of: UInt8(ascii: "@")) {
            tries += 1
            var start = at
            while start > offset,
                AutolinkScanner.isAlnum(data[start - 1]) || ".+-_".utf8.contains(data[start - 1])
            {
                start -= 1
            }
            guard start < at, let end = emailEnd(data, at: at) else {
                offset = at + 1
                continue
            }
            if start > consumed { pieces.append(.text(data[consumed..<start])) }
            pieces.append(.link(url: Array("mailto:".utf8) + data[start..<end], text: data[start..<end]))
            consumed = end
            offset = end
        }
        guard !pieces.isEmpty else { return }
        if consumed < data.count { pieces.append(.text(data[consumed...])) }
        replace(node, with: pieces)
    }

    private func emailEnd(_ data: [UInt8], at: Int) -> Int? {
        var length = 0
        var ats = 0
        var dots = 0
        let size = data.count - at
        while length < size {
            let byte = data[at + length]
            if AutolinkScanner.isAlnum(byte) {
            } else if byte == UInt8(ascii: "@") {
                ats += 1
            } else if byte == UInt8(ascii: "."), length < size - 1,
                AutolinkScanner.isAlnum(data[at + length + 1])
            {
                dots += 1
            } else if byte != UInt8(ascii: "-"), byte != UInt8(ascii: "_") {
                break
            }
            length += 1
        }
        guard length >= 2, ats == 1, dots > 0 else { return nil }
        let last = data[at + length - 1]
        guard AutolinkScanner.isAlpha(last) || last == UInt8(ascii: ".") else { return nil }
        let end = AutolinkScanner.trimmedEnd(data, from: at, to: at + length)
        return end > at ? end : nil
    }

    private func replace(_ node: OpaquePointer, with pieces: [Piece]) {
        for piece in pieces {
            switch piece {
            case .text(let bytes):
                if let text = CmarkTree.newText(bytes) { cmark_node_insert_before(node, text) }
            case .link(let url, let bytes):
                // cmark-gfm reads a URL from the raw source, where an escaped tilde is still `\~`.
                guard let link = CmarkTree.newNode(CMARK_NODE_LINK),
                    let text = CmarkTree.newText(EscapedTildes.raw(bytes))
                else { continue }
                cmark_node_set_url(link, String(decoding: EscapedTildes.raw(url), as: UTF8.self))
                cmark_node_append_child(link, text)
                cmark_node_insert_before(node, link)
            }
        }
        cmark_node_unlink(node)
        cmark_node_free(node)
    }
}
