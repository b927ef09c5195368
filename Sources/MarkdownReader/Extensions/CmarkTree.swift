internal import CCmark
internal import CCmarkArena

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small helpers over libcmark's node API, shared by the extension passes.
enum CmarkTree {
    static func literal(_ node: OpaquePointer) -> [UInt8] {
        guard let pointer = cmark_node_get_literal(node) else { return [] }
        // One copy of the whole literal (appending byte by byte grew the array many times).
        return pointer.withMemoryRebound(to: UInt8.self, capacity: 1) { start in
            Array(UnsafeBufferPointer(start: start, count: strlen(pointer)))
        }
    }

    static func setLiteral(_ node: OpaquePointer, _ bytes: some Collection<UInt8>) {
        withCString(bytes) { cmark_node_set_literal(node, $0) }
    }

    static func setURL(_ node: OpaquePointer, _ bytes: some Collection<UInt8>) {
        withCString(bytes) { cmark_node_set_url(node, $0) }
    }

    /// The bytes and a NUL, for a call that copies them: in one copy to a temporary buffer (on the
    /// stack when small). Mapping them into a new array and appending the NUL was most of what
    /// making a table cell's nodes cost.
    private static func withCString(_ bytes: some Collection<UInt8>, _ body: (UnsafePointer<CChar>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { buffer in
            let (_, end) = buffer.initialize(from: bytes)
            buffer[end] = 0
            guard let base = buffer.baseAddress else { return }
            body(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self))
        }
    }

    /// Parses bytes into a document, with the thread's arena when a read holds one
    /// (``MarkdownReader/read(_:file:options:)``): its tree is then released with the arena.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, flags: Int32) -> OpaquePointer? {
        guard let parser = cmark_parser_new_with_mem(flags, notesite_cmark_memory()) else { return nil }
        defer { cmark_parser_free(parser) }
        bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        return cmark_parser_finish(parser)
    }

    static func parse(_ bytes: [UInt8], flags: Int32) -> OpaquePointer? {
        bytes.withUnsafeBufferPointer { parse($0, flags: flags) }
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
