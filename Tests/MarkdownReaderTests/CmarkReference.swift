internal import CCmark
import Foundation

/// libcmark itself, called live: the reference every rendering is compared with.
enum CmarkReference {
    static func html(_ markdown: String, unsafe: Bool, smart: Bool = false) -> String {
        var flags = CMARK_OPT_DEFAULT
        if unsafe { flags |= CMARK_OPT_UNSAFE }
        if smart { flags |= CMARK_OPT_SMART }
        guard let root = parse(markdown, flags: flags) else { return "<parse failed>" }
        defer { cmark_node_free(root) }
        guard let rendered = cmark_render_html(root, flags) else { return "<render failed>" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Source positions of every image node in pre-order (nested ones inside alt text included).
    static func imagePositions(_ markdown: String, smart: Bool = false) -> [Position] {
        var flags = CMARK_OPT_SOURCEPOS
        if smart { flags |= CMARK_OPT_SMART }
        guard let root = parse(markdown, flags: flags) else { return [] }
        defer { cmark_node_free(root) }
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        var positions: [Position] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_IMAGE
            else { continue }
            positions.append(
                Position(
                    line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))
                ))
        }
        return positions
    }

    struct Position: Equatable {
        var line: Int
        var column: Int
    }

    private static func parse(_ markdown: String, flags: Int32) -> OpaquePointer? {
        markdown.utf8CString.withUnsafeBufferPointer { bytes in
            cmark_parse_document(bytes.baseAddress, bytes.count - 1, flags)
        }
    }
}
