/// Builds the node tree of one template from its tags, with an explicit stack (no recursion).
struct Parser {
    /// Sections nest at most this deep, which bounds every recursive walk over the tree.
    static let maximumNesting = 200

    private let source: SourceText
    private var stack: [OpenSection]
    /// The library's names, numbered as they are met (shared by all its templates).
    private var names: NameTable
    /// Every template of the library by name: partials and parents point at their template's index.
    private let templates: [String: Int]

    /// A section, block or parent whose closing tag has not been seen yet.
    private struct OpenSection {
        var tag: Tag
        var layout: Layout
        var name: String
        var path: Path
        var children: [Node] = []
        /// Where the section's content begins in the source.
        var contentStart: Int
    }

    /// `names` numbers the template's names after those of the library's earlier templates;
    /// `templates` gives each template's index by name.
    static func parse(
        _ source: SourceText, names: inout NameTable, templates: [String: Int]
    ) throws(TemplateError) -> [Node] {
        let tags = try Tokenizer.tags(in: source)
        let layouts = Layout.layouts(of: tags, in: source)
        var parser = Parser(source: source, names: names, templates: templates)
        defer { names = parser.names }
        var textStart = 0
        for (tag, layout) in zip(tags, layouts) {
            parser.appendText(textStart..<max(textStart, layout.textBeforeEnds ?? tag.start))
            textStart = layout.textAfterStarts ?? tag.end
            if !layout.isStandalone, source.isLineStart(tag.start) {
                parser.append(.lineStart)
            }
            try parser.handle(tag, layout: layout)
        }
        parser.appendText(textStart..<source.bytes.count)
        if let unclosed = parser.stack.last, parser.stack.count > 1 {
            throw source.error(
                at: unclosed.tag.start,
                "unclosed section '\(unclosed.name)': no \(closing(unclosed)) before the end of the template")
        }
        return parser.stack.first?.children ?? []
    }

    private init(source: SourceText, names: NameTable, templates: [String: Int]) {
        self.source = source
        self.names = names
        self.templates = templates
        let root = Tag(kind: .section, start: 0, end: 0, content: 0..<0, delimiters: Delimiters())
        self.stack = [
            OpenSection(tag: root, layout: Layout(), name: "", path: .implicitIterator, contentStart: 0)
        ]
    }

    private mutating func append(_ node: Node) {
        stack[stack.count - 1].children.append(node)
    }

    private mutating func appendText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if source.isLineStart(range.lowerBound) { append(.lineStart) }
        append(.text(Array(source.bytes[range])))
    }

    private mutating func handle(_ tag: Tag, layout: Layout) throws(TemplateError) {
        switch tag.kind {
        case .comment, .delimiters:
            return
        case .variable, .raw:
            append(.variable(try path(of: tag), escaped: tag.kind == .variable))
        case .partial:
            let name = try name(of: tag)
            append(
                .partial(
                    name: name, template: templates[name], indent: layout.isStandalone ? layout.indent : nil,
                    offset: tag.start))
        case .section, .inverted, .block, .parent:
            guard stack.count <= Self.maximumNesting else {
                throw source.error(at: tag.start, "sections nested more than \(Self.maximumNesting) deep")
            }
            let isNamedByPath = tag.kind == .section || tag.kind == .inverted
            let path = isNamedByPath ? try path(of: tag) : .implicitIterator
            stack.append(
                OpenSection(
                    tag: tag, layout: layout, name: try name(of: tag), path: path,
                    contentStart: layout.textAfterStarts ?? tag.end))
        case .close:
            try close(tag, layout: layout)
        }
    }

    private mutating func close(_ tag: Tag, layout: Layout) throws(TemplateError) {
        let name = try name(of: tag)
        guard stack.count > 1, let open = stack.popLast() else {
            throw source.error(at: tag.start, "closing tag '\(name)' has no open section")
        }
        guard open.name == name else {
            let opened = source.error(at: open.tag.start, "")
            throw source.error(
                at: tag.start,
                "closing tag '\(name)' does not match open section '\(open.name)' "
                    + "(opened at \(opened.line):\(opened.column))")
        }
        switch open.tag.kind {
        case .block:
            var block = Block(
                name: name, id: names.id(of: name), template: templates[source.name] ?? -1, indent: nil,
                children: open.children)
            if open.layout.isStandalone {
                let content = open.contentStart..<max(open.contentStart, layout.textBeforeEnds ?? tag.start)
                block = Dedenter.dedent(block, content: content, in: source, tagIndent: open.layout.indent)
            }
            append(.block(block))
        case .parent:
            let overrides = open.children.compactMap { node -> Block? in
                if case .block(let block) = node { return block }
                return nil  // text and other tags inside a parent call only separate its blocks
            }
            append(
                .parent(
                    name: name, template: templates[name],
                    indent: open.layout.isStandalone ? open.layout.indent : nil,
                    overrides: overrides, offset: open.tag.start))
        default:
            append(.section(open.path, inverted: open.tag.kind == .inverted, children: open.children))
        }
    }

    private static func closing(_ open: OpenSection) -> String {
        "\(open.tag.delimiters.openText)/\(open.name)\(open.tag.delimiters.closeText)"
    }

    /// A partial, block, parent or closing tag's name: one word.
    private func name(of tag: Tag) throws(TemplateError) -> String {
        let name = source.trimmedString(tag.content)
        guard !name.isEmpty else { throw source.error(at: tag.start, "empty tag: a name is missing") }
        guard !name.utf8.contains(where: ASCII.isWhitespace) else {
            throw source.error(at: tag.start, "invalid name '\(name)': names cannot contain spaces")
        }
        return name
    }

    /// A variable or section name: `.` or dot-separated non-empty words.
    private mutating func path(of tag: Tag) throws(TemplateError) -> Path {
        let name = try name(of: tag)
        if name == "." { return .implicitIterator }
        let components = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty) else {
            throw source.error(at: tag.start, "invalid name '\(name)': empty part in a dotted name")
        }
        // Every part numbered: a record (``TemplateRecord``) finds a member by its number.
        let ids = components.map { names.id(of: $0) }
        return Path(components: components, ids: ids)
    }
}
