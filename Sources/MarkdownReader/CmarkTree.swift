internal import CCmark
internal import CCmarkArena

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libcmark's tree for the reader and its passes: the one place that reads or writes cmark's
/// memory through pointers. Callers get Swift values, or bytes lent as a `Span` for one call.
enum CmarkTree {
    /// The node's literal, lent to `body` as bytes (without cmark's NUL); nil when it has none.
    static func withLiteral<R>(_ node: OpaquePointer, _ body: (Span<UInt8>) -> R) -> R? {
        guard let bytes = literalBytes(node) else { return nil }
        return body(bytes.span)
    }

    /// ``withLiteral(_:_:)``, also telling whether none of the literal's bytes is in `set` (a
    /// NUL-terminated list): `strcspn` passes over many bytes a step, where a loop took one.
    static func withLiteral<R>(
        _ node: OpaquePointer, holdingNoneOf set: [CChar], _ body: (Span<UInt8>, _ holdsNone: Bool) -> R
    ) -> R? {
        guard let bytes = literalBytes(node), let pointer = cmark_node_get_literal(node), set.last == 0 else {
            return nil
        }
        return body(bytes.span, strcspn(pointer, set) == bytes.count)
    }

    /// A copy of the node's literal, in one copy (appending byte by byte grew the array many times).
    static func literal(_ node: OpaquePointer) -> [UInt8] {
        literalBytes(node).map { Array($0) } ?? []
    }

    private static func literalBytes(_ node: OpaquePointer) -> UnsafeBufferPointer<UInt8>? {
        guard let pointer = cmark_node_get_literal(node) else { return nil }
        return UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)).assumingMemoryBound(
            to: UInt8.self)
    }

    /// Whether the node has a literal that holds `byte` (looked for in place).
    static func literal(_ node: OpaquePointer, contains byte: UInt8) -> Bool {
        guard let pointer = cmark_node_get_literal(node) else { return false }
        return strchr(pointer, Int32(byte)) != nil
    }

    /// The node's literal, URL, title or info string as a `String` ("" for none).
    static func string(_ node: OpaquePointer, _ field: Field) -> String {
        let pointer: UnsafePointer<CChar>? =
            switch field {
            case .literal: cmark_node_get_literal(node)
            case .url: cmark_node_get_url(node)
            case .title: cmark_node_get_title(node)
            case .fenceInfo: cmark_node_get_fence_info(node)
            }
        // Most links have an empty title: no String to make from it.
        guard let pointer, pointer.pointee != 0 else { return "" }
        return String(cString: pointer)
    }

    enum Field { case literal, url, title, fenceInfo }

    static func setLiteral(_ node: OpaquePointer, _ bytes: some Collection<UInt8>) {
        withCString(bytes) { cmark_node_set_literal(node, $0) }
    }

    static func setURL(_ node: OpaquePointer, _ bytes: some Collection<UInt8>) {
        withCString(bytes) { cmark_node_set_url(node, $0) }
    }

    /// Cuts the first `count` bytes of the node's literal (at most all of them), in place: cmark
    /// copies the rest before it frees the old literal.
    static func dropLiteralPrefix(_ node: OpaquePointer, _ count: Int) {
        guard let pointer = cmark_node_get_literal(node) else { return }
        cmark_node_set_literal(node, pointer + min(max(0, count), strlen(pointer)))
    }

    /// The bytes and a NUL, for a call that copies them: in one copy to a temporary buffer (on the
    /// stack when small). Mapping them into a new array and appending the NUL was most of what
    /// making a table cell's nodes cost.
    private static func withCString(_ bytes: some Collection<UInt8>, _ body: (UnsafePointer<CChar>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { buffer in
            let (_, end) = buffer.initialize(from: bytes)
            buffer[end] = 0
            buffer.withMemoryRebound(to: CChar.self) { $0.baseAddress.map { body($0) } }
        }
    }

    /// A small number kept in the node (its user data), for marks of the extension passes; nil
    /// when none was set.
    static func tag(of node: OpaquePointer) -> Int? {
        cmark_node_get_user_data(node).map { Int(bitPattern: $0) }
    }

    /// Keeps `tag` (not 0) in the node, for ``tag(of:)``.
    static func setTag(_ node: OpaquePointer, _ tag: Int) {
        cmark_node_set_user_data(node, UnsafeMutableRawPointer(bitPattern: tag))
    }

    /// Parses bytes into a document, with the thread's arena when a read holds one
    /// (``MarkdownReader/read(_:file:options:)``): its tree is then released with the arena.
    static func parse(_ bytes: [UInt8], flags: Int32) -> OpaquePointer? {
        guard let parser = cmark_parser_new_with_mem(flags, notesite_cmark_memory()) else { return nil }
        defer { cmark_parser_free(parser) }
        bytes.span.withUnsafeBytes {
            cmark_parser_feed(parser, $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
        }
        return cmark_parser_finish(parser)
    }

    /// A new node from the same memory as ``parse(_:flags:)``: a tree never mixes the two.
    static func newNode(_ type: cmark_node_type) -> OpaquePointer? {
        cmark_node_new_with_mem(type, notesite_cmark_memory())
    }

    static func newText(_ bytes: some Collection<UInt8>) -> OpaquePointer? {
        guard let node = newNode(CMARK_NODE_TEXT) else { return nil }
        setLiteral(node, bytes)
        return node
    }

    /// The node's children, in order.
    static func children(_ node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    /// Moves every child of `from` to the end of `to`.
    static func moveChildren(from: OpaquePointer, to: OpaquePointer) {
        while let child = cmark_node_first_child(from) {
            cmark_node_append_child(to, child)
        }
    }

    /// Every node of a type, in pre-order (collected first, so callers may change the tree).
    static func nodes(_ root: OpaquePointer, ofType type: cmark_node_type) -> [OpaquePointer] {
        nodes(root) { cmark_node_get_type($0) == type }
    }

    /// Every node that passes `test`, in pre-order (collected first, so callers may change the tree).
    static func nodes(_ root: OpaquePointer, where test: (OpaquePointer) -> Bool) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        walk(root) { node, entering in
            if entering, test(node) { found.append(node) }
        }
        return found
    }

    /// Calls `visit` on entering each node of the tree in document order, and on leaving each node
    /// that has children (leaves are only entered). The tree must not change during the walk.
    static func walk(_ root: OpaquePointer, _ visit: (_ node: OpaquePointer, _ entering: Bool) -> Void) {
        guard let iterator = cmark_iter_new(root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            visit(node, event == CMARK_EVENT_ENTER)
        }
    }
}
