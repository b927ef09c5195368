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

    /// Tells one library's slots and contexts from another's.
    final class Identity: Sendable {}

    /// Sorted by name; partials, parents and blocks point at a template by its index here.
    let templates: [Template]
    /// Each template's index, by name.
    let indices: [String: Int]
    /// The names the templates read, numbered: the slots of a ``TemplateContext``.
    let nameTable: NameTable
    /// The templates flattened for rendering.
    let program: Program
    let identity = Identity()

    /// Parses every template; the first syntax error (in name order) is thrown, naming its template, line
    /// and column.
    public init(sources: [String: String]) throws(TemplateError) {
        let sorted = sources.keys.sorted()
        let indices = Dictionary(uniqueKeysWithValues: zip(sorted, sorted.indices))
        var names = NameTable()
        var templates: [Template] = []
        for name in sorted {
            guard let text = sources[name] else { continue }
            let source = SourceText(name: name, text: text)
            let nodes = try Parser.parse(source, names: &names, templates: indices)
            templates.append(Template(source: source, nodes: nodes))
        }
        self.templates = templates
        self.indices = indices
        self.nameTable = names
        program = Program(templates: templates.map(\.nodes))
    }

    /// The names of the templates, sorted.
    public var names: [String] { templates.map(\.source.name) }

    /// Whether a template of that name exists.
    public func contains(_ name: String) -> Bool { indices[name] != nil }

    /// Where a value named `name` goes in a ``TemplateContext`` (at the top) or a record (a member,
    /// ``record(_:)``); nil when no template reads that name, so a value for it would never show.
    public func slot(_ name: String) -> TemplateContext.Slot? {
        nameTable.ids[name].map { TemplateContext.Slot(index: $0, library: ObjectIdentifier(identity)) }
    }

    /// A context for this library's templates with no value set.
    public func context() -> TemplateContext {
        TemplateContext(library: identity, count: nameTable.names.count)
    }

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
        try renderBytes(name, root: .value(context), capacity: capacity)
    }

    /// ``renderBytes(_:with:capacity:)`` with the top-level values in slots: the same bytes as
    /// with the `.object` of the same values. A context made by another library is an error.
    public func renderBytes(
        _ name: String, with context: TemplateContext, capacity: Int = 0
    ) throws(TemplateError) -> [UInt8] {
        guard context.library === identity else {
            throw TemplateError(
                template: name, line: 1, column: 1,
                message: "the context was made by another template library")
        }
        return try renderBytes(name, root: .slots(context), capacity: capacity)
    }

    private func renderBytes(
        _ name: String, root: Renderer.Root, capacity: Int
    ) throws(TemplateError) -> [UInt8] {
        guard let index = indices[name] else {
            let known = names.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
            throw TemplateError(
                template: name, line: 1, column: 1,
                message: "no template named '\(name)' (templates: \(known.isEmpty ? "none" : known))")
        }
        var renderer = Renderer(library: self, root: root)
        try renderer.render(template: index, capacity: capacity)
        return renderer.output
    }
}
