/// One piece of a parsed template. Children are arrays, so the tree needs no `indirect` boxes.
enum Node: Sendable {
    /// Literal bytes, with standalone-tag whitespace already removed.
    case text([UInt8])
    /// A line of the template begins here: where a standalone partial's indentation goes.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(Path, escaped: Bool)
    /// `{{#name}}...{{/name}}`, or `{{^name}}...{{/name}}` when inverted.
    case section(Path, inverted: Bool, children: [Node])
    /// `{{>name}}`; `indent` is the whitespace before a standalone tag, nil when the tag is inline.
    /// `template` is the named template's index in its library, nil when there is none.
    case partial(name: String, template: Int?, indent: [UInt8]?, offset: Int)
    /// `{{$name}}...{{/name}}`: default content that a parent's caller may override.
    case block(Block)
    /// `{{<name}}...{{/name}}`: include `name`, overriding its blocks with the ones given here.
    case parent(name: String, template: Int?, indent: [UInt8]?, overrides: [Block], offset: Int)
}

/// A `{{$name}}` block and its content.
struct Block: Sendable {
    var name: String
    /// The name's number in its library (``NameTable``): overrides are matched by it.
    var id: Int
    /// The template the block is written in (its index in the library), for locating errors inside it.
    var template: Int
    /// Indentation added to each line of whatever content the block shows; nil when the block's opening
    /// tag is inline, so its content keeps the surrounding indentation.
    var indent: [UInt8]?
    var children: [Node]
}

/// A dotted name such as `a.b.c`; no components means the implicit iterator `.`.
struct Path: Sendable {
    var components: [String]
    /// Each component's number in its library (``NameTable``), by which a ``TemplateContext`` or
    /// a ``TemplateRecord`` finds its value without hashing the name.
    var ids: [Int]

    /// The first component's number; -1 for the implicit iterator.
    var firstID: Int { ids.first ?? -1 }

    static let implicitIterator = Path(components: [], ids: [])

    var isImplicitIterator: Bool { components.isEmpty }
}
