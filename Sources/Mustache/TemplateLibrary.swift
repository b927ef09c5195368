/// A set of named templates that can include each other as partials and parents.
///
/// Implements the Mustache spec v1.4 (comments, delimiters, interpolation, inverted, partials, sections) and
/// the optional `~inheritance` module (`{{<parent}}` with `{{$block}}` overrides). Not supported:
/// `~lambdas` (data here is plain values) and `~dynamic-names` (`{{>*name}}` looks up a partial literally
/// named `*name`, so renders nothing). Choices where the spec is silent: `""` is falsy, every number is
/// truthy, `'` is escaped too, lists and objects interpolate as nothing, partials nest at most 100 deep.
///
/// Each template is parsed once into a tree over its UTF-8 bytes; rendering walks the tree with an
/// explicit stack, so neither deep nesting nor recursive partials grow the call stack.
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
        String(decoding: try renderBytes(name, with: context), as: UTF8.self)
    }

    /// ``render(_:with:)``'s UTF-8, for output written as bytes (no string made and checked again).
    /// `capacity` is the output's expected size, reserved at once rather than grown by copies.
    public func renderBytes(
        _ name: String, with context: TemplateValue, capacity: Int = 0
    ) throws(TemplateError) -> [UInt8] {
        guard let template = templates[name] else {
            let known = names.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
            throw TemplateError(
                template: name, line: 1, column: 1,
                message: "no template named '\(name)' (templates: \(known.isEmpty ? "none" : known))")
        }
        var renderer = Renderer(templates: templates, context: context)
        try renderer.render(template, name: name, capacity: capacity)
        return renderer.output
    }
}
