internal import CYaml
import NoteModel

/// Reads one YAML document into `YAMLNode`s with libyaml's event parser.
public enum YAMLReader {
    /// How deep sequences and mappings may nest.
    public static let maximumDepth = 100

    /// Parses `text`; returns nil for an empty document. `lineOffset` shifts reported lines, for YAML
    /// that starts inside another file (front matter).
    public static func parse(_ text: String, file: String, lineOffset: Int = 0) throws(YAMLError)
        -> YAMLNode?
    {
        if let plain = PlainYAML.parse(text, file: file, lineOffset: lineOffset) { return plain }
        return try parseWithLibyaml(text, file: file, lineOffset: lineOffset)
    }

    /// `parse` without the fast reader of plain YAML: what that reader must agree with.
    static func parseWithLibyaml(_ text: String, file: String, lineOffset: Int = 0) throws(YAMLError)
        -> YAMLNode?
    {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError("cannot start the YAML parser", at: .init(file: file, line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(YAMLError) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder(file: file, lineOffset: lineOffset)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw builder.syntaxError(parser)
                }
                defer { yaml_event_delete(&event) }
                if try builder.consume(event) { break }
            }
            return builder.root
        }
    }
}

/// Turns the flat event stream into a tree without recursion: an explicit stack of open collections.
private struct TreeBuilder {
    /// A collection being read. Its arrays grow in place on the stack: moving them out of an enum
    /// payload to append made a copy per item, quadratic in a collection's length.
    private struct Open {
        var isMapping: Bool
        var items: [YAMLNode] = []
        var entries: [YAMLNode.Entry] = []
        var pendingKey: YAMLNode?
        var start: SourceLocation
    }

    let file: String
    let lineOffset: Int
    private var stack: [Open] = []
    private(set) var root: YAMLNode?

    init(file: String, lineOffset: Int) {
        self.file = file
        self.lineOffset = lineOffset
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
    }

    func syntaxError(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        let context = parser.context.map { String(cString: $0) + ": " } ?? ""
        return YAMLError("\(context)\(problem)", at: location(parser.problem_mark))
    }

    /// Returns true at the end of the stream.
    mutating func consume(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        let here = location(event.start_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            if root != nil {
                throw YAMLError("expected one YAML document, found another", at: here)
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text =
                scalar.value.map { pointer in
                    String(
                        decoding: UnsafeBufferPointer(start: pointer, count: scalar.length),
                        as: UTF8.self)
                } ?? ""
            let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE
            try add(YAMLNode(.scalar(text, plain: plain), at: here))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            // libyaml's scanner does work per token for each open flow collection, so unbounded
            // depth makes parsing quadratic (100,000 `[` took minutes); settings never nest this deep.
            guard stack.count < YAMLReader.maximumDepth else {
                throw YAMLError("YAML nested deeper than \(YAMLReader.maximumDepth) levels", at: here)
            }
            stack.append(Open(isMapping: event.type == YAML_MAPPING_START_EVENT, start: here))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { break }
            let kind: YAMLNode.Kind = open.isMapping ? .mapping(open.entries) : .sequence(open.items)
            try add(YAMLNode(kind, at: open.start))
        case YAML_ALIAS_EVENT:
            throw YAMLError("YAML aliases (*name) are not supported", at: here)
        default:
            break
        }
        return false
    }

    private mutating func add(_ node: YAMLNode) throws(YAMLError) {
        guard let top = stack.indices.last else {
            root = node
            return
        }
        if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey {
            stack[top].entries.append(.init(key: key, value: node))
            stack[top].pendingKey = nil
        } else {
            guard case .scalar = node.kind else {
                throw YAMLError("a mapping key must be a plain value", at: node.location)
            }
            stack[top].pendingKey = node
        }
    }
}
