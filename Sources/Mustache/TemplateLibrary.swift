/// A set of named templates that can include each other as partials and parents.
public struct TemplateLibrary: Sendable {
    /// A parsed template and its source, kept for locating errors found while rendering.
    struct Template: Sendable {
        var source: SourceText
        var nodes: [Node]
    }

    let templates: [String: Template]

    /// Parses every template; the first syntax error (in name order) is thrown, naming its template, line
    /// and column.
    public init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for name in sources.keys.sorted() {
            guard let text = sources[name] else { continue }
            let source = SourceText(name: name, text: text)
            templates[name] = Template(source: source, nodes: try Parser.parse(source))
        }
        self.templates = templates
    }

    /// The names of the templates, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// Whether a template of that name exists.
    public func contains(_ name: String) -> Bool { templates[name] != nil }

    /// Renders the named template; a missing partial or parent renders as nothing, as the spec says, but
    /// a missing `name` is an error.
    public func render(_ name: String, with context: TemplateValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            let known = names.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
            throw TemplateError(
                template: name, line: 1, column: 1,
                message: "no template named '\(name)' (templates: \(known.isEmpty ? "none" : known))")
        }
        var renderer = Renderer(templates: templates, context: context)
        try renderer.render(template, name: name)
        return String(decoding: renderer.output, as: UTF8.self)
    }
}
