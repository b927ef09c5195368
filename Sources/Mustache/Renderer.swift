import HTMLText

/// Renders a library's ``Program`` with an explicit stack of frames, so deep templates and recursive partials use the
/// heap, not the call stack.
struct Renderer {
    /// Partials and parents nest at most this deep; deeper means runaway recursion.
    static let maximumPartialDepth = 100

    /// The top-level values: a value as given (an object, usually), or a context's slots.
    enum Root {
        case value(TemplateValue)
        case slots(TemplateContext)
    }

    private let templates: [TemplateLibrary.Template]
    private let program: Program
    /// The program's text, held once: every text is a range of it.
    private let bytes: [UInt8]
    private let names: [String]
    /// The library's identity: its records' members are read by number.
    private let library: ObjectIdentifier
    /// The root when it is a value; `.null` when it is slots.
    private let rootValue: TemplateValue
    /// Whether the root is slots, and their values by name number (read in place: binding a
    /// context per lookup retained and released its storage each time).
    private let hasSlots: Bool
    private let rootSlots: [TemplateValue?]
    /// Slots set as UTF-8 (``TemplateContext/setUTF8(_:_:)``); empty when none is.
    private let rootUTF8: [[UInt8]?]
    /// The values sections pushed, innermost last; the root is below them all.
    private var contexts: [TemplateValue] = []
    /// How many of `contexts` are objects: with none, every name resolves at the root.
    private var objects = 0
    private var frames: [Frame] = []
    /// Indentations and override lists frames refer to by number (0: none), so that making,
    /// reading and dropping a frame retains no array.
    private var indents: [[UInt8]] = [[]]
    /// Each indentation once, however many times a loop includes a partial with it.
    private var indentNumbers: [IndentKey: Int] = [:]
    private var overrideLists: [[Int]] = [[]]
    private(set) var output: [UInt8] = []

    /// A list of operations being rendered, once or once per list item.
    private struct Frame {
        /// The list's number in the program.
        var list: Int
        var index = 0
        /// The list a section iterates; each item is pushed on the context stack in turn.
        var items: [TemplateValue] = []
        var itemIndex = 0
        var pushesContext = false
        /// Its number in `indents`.
        var indent: Int
        /// The blocks callers override, the outermost caller's first: a few, by their number in
        /// the program, found by name number.
        /// Their list's number in `overrideLists`.
        var overrides: Int
        /// The template the nodes come from (its index), and how many partials deep it is.
        var template: Int
        var partialDepth: Int
    }

    init(library: TemplateLibrary, root: Root) {
        templates = library.templates
        program = library.program
        bytes = library.program.bytes
        names = library.nameTable.names
        self.library = ObjectIdentifier(library.identity)
        switch root {
        case .value(let value):
            rootValue = value
            hasSlots = false
            rootSlots = []
            rootUTF8 = []
        case .slots(let context):
            rootValue = .null
            hasSlots = true
            rootSlots = context.values
            rootUTF8 = context.utf8Values
        }
    }

    /// Renders the template at `template` in the library.
    mutating func render(template: Int, capacity: Int = 0) throws(TemplateError) {
        guard templates.indices.contains(template) else { return }
        output.reserveCapacity(max(capacity, templates[template].source.bytes.count * 2))
        frames.append(
            Frame(
                list: program.templateLists[template], indent: 0, overrides: 0, template: template,
                partialDepth: 0))
        // The frame is read in place, not copied, and its list is held once per pass. Operations
        // hold no references: reading one copies a few words.
        while let top = frames.indices.last {
            let ops = program.lists[frames[top].list]
            var index = frames[top].index
            inline: while index < ops.count {
                switch ops[index] {
                case .text(let range):
                    if frames[top].indent == 0 {
                        output.append(contentsOf: bytes[range])
                    } else {
                        appendText(range, indent: frames[top].indent)
                    }
                case .lineStart:
                    if frames[top].indent != 0 { output.append(contentsOf: indents[frames[top].indent]) }
                case .variable(let path, let escaped):
                    appendVariable(path, escaped: escaped)
                default:
                    break inline  // opens a frame: below
                }
                index += 1
            }
            frames[top].index = index + 1
            if index < ops.count {
                try render(ops[index], inFrame: top)
            } else {
                finish(top)
            }
        }
    }

    /// Ends a pass over a frame: the next list item, or back to the enclosing frame.
    private mutating func finish(_ top: Int) {
        if frames[top].pushesContext { popContext() }
        let next = frames[top].itemIndex + 1
        if next < frames[top].items.count {
            pushContext(frames[top].items[next])
            frames[top].itemIndex = next
            frames[top].index = 0
        } else {
            frames.removeLast()
        }
    }

    /// An operation that opens a frame (section, partial, parent, block) of the frame at `top`.
    private mutating func render(_ op: Program.Op, inFrame top: Int) throws(TemplateError) {
        switch op {
        case .text, .lineStart, .variable:
            break  // written in place by render(template:capacity:)
        case .section(let path, let inverted, let list):
            let value = lookup(path) ?? .null
            // The child frame is made only for a section that shows (a hidden one made and
            // dropped it, retaining and releasing the parent's arrays).
            var items: [TemplateValue] = []
            if inverted {
                guard !value.isTruthy else { return }
            } else if case .array(let values) = value, let first = values.first {
                items = values
                pushContext(first)
            } else {
                guard value.isTruthy else { return }
                pushContext(value)
            }
            frames.append(
                Frame(
                    list: list, items: items, pushesContext: !inverted, indent: frames[top].indent,
                    overrides: frames[top].overrides, template: frames[top].template,
                    partialDepth: frames[top].partialDepth))
        case .include(let call):
            try include(call, from: top)
        case .block(let block):
            let content = override(of: block, inFrame: top) ?? block
            let indent = frames[top].indent
            frames.append(
                Frame(
                    list: program.blocks[content].list,
                    indent: blockIndent(of: block, outer: indent),
                    overrides: frames[top].overrides, template: program.blocks[content].template,
                    partialDepth: frames[top].partialDepth))
        }
    }

    /// The block a caller gave for `block` (both numbers in the program), if any.
    private func override(of block: Int, inFrame top: Int) -> Int? {
        let id = program.blocks[block].id
        return overrideLists[frames[top].overrides].first { program.blocks[$0].id == id }
    }

    /// Starts rendering a partial or parent; overrides given by enclosing callers win over the call's.
    private mutating func include(_ call: Int, from top: Int) throws(TemplateError) {
        // The call is read in place, field by field: a copy retained its name and arrays.
        guard let template = program.includes[call].template, templates.indices.contains(template) else {
            return
        }
        // The caller's frame read field by field: a copy of it retained all of its arrays.
        let depth = frames[top].partialDepth
        guard depth < Self.maximumPartialDepth else {
            let name = program.includes[call].name
            let message =
                "partials nested more than \(Self.maximumPartialDepth) deep: is '\(name)' recursive?"
            let caller = frames[top].template
            guard templates.indices.contains(caller) else {
                throw TemplateError(template: name, line: 1, column: 1, message: message)
            }
            throw templates[caller].source.error(at: program.includes[call].offset, message)
        }
        var merged = frames[top].overrides
        if !program.includes[call].overrides.isEmpty {
            var blocks = overrideLists[merged]
            for block in program.includes[call].overrides {
                let id = program.blocks[block].id
                if !blocks.contains(where: { program.blocks[$0].id == id }) { blocks.append(block) }
            }
            overrideLists.append(blocks)
            merged = overrideLists.count - 1
        }
        frames.append(
            Frame(
                list: program.templateLists[template], indent: lineIndent(of: call, inFrame: top),
                overrides: merged, template: template, partialDepth: depth + 1))
    }

    private struct IndentKey: Hashable {
        var outer: Int
        var call: Int
    }

    /// The indentation (its number) of the lines of a partial that `call` includes from the frame
    /// at `top`: the frame's own and the call's. An inline partial is not indented at all: only
    /// lines of the including template carry indentation.
    private mutating func lineIndent(of call: Int, inFrame top: Int) -> Int {
        guard let isEmpty = program.includes[call].indent?.isEmpty else { return 0 }
        let outer = frames[top].indent
        guard !isEmpty else { return outer }
        let key = IndentKey(outer: outer, call: call)
        if let number = indentNumbers[key] { return number }
        indents.append(indents[outer] + (program.includes[call].indent ?? []))
        indentNumbers[key] = indents.count - 1
        return indents.count - 1
    }

    /// The indentation (its number) of a block's lines: the enclosing one and the block's own.
    private mutating func blockIndent(of block: Int, outer: Int) -> Int {
        guard let isEmpty = program.blocks[block].indent?.isEmpty, !isEmpty else { return outer }
        // Numbered apart from calls: a block's key is negative.
        let key = IndentKey(outer: outer, call: -1 - block)
        if let number = indentNumbers[key] { return number }
        indents.append(indents[outer] + (program.blocks[block].indent ?? []))
        indentNumbers[key] = indents.count - 1
        return indents.count - 1
    }

    /// Appends literal text (a range of the program's bytes), indenting each line that starts inside it.
    private mutating func appendText(_ range: Range<Int>, indent number: Int) {
        let indent = indents[number]
        guard !indent.isEmpty else {
            output.append(contentsOf: bytes[range])
            return
        }
        var runStart = range.lowerBound
        for index in range where bytes[index] == ASCII.newline && index + 1 < range.upperBound {
            output.append(contentsOf: bytes[runStart...index])
            output.append(contentsOf: indent)
            runStart = index + 1
        }
        output.append(contentsOf: bytes[runStart..<range.upperBound])
    }

    private mutating func pushContext(_ value: TemplateValue) {
        if value.isObject { objects += 1 }
        contexts.append(value)
    }

    private mutating func popContext() {
        if contexts.popLast()?.isObject == true { objects -= 1 }
    }

    /// The member of `value` named by part `part` of the path numbered `path`, read in place.
    private func member(_ path: Int, part: Int, of value: TemplateValue) -> TemplateValue? {
        switch value {
        case .object(let members): members[program.paths[path].components[part]]
        case .record(let record): record.value(program.paths[path].ids[part], reader: library)
        default: nil
        }
    }

    /// Writes the variable at `path` (its number in the program). A single name, with no section's
    /// object to look in and slots at the root, is read from its slot in place (most of a page's).
    private mutating func appendVariable(_ path: Int, escaped: Bool) {
        let head = program.heads[path]
        if objects == 0, hasSlots, head.count == 1, rootSlots.indices.contains(head.firstID) {
            if let value = rootSlots[head.firstID] {
                HTMLEscaper.append(value.interpolationText, escaped: escaped, to: &output)
            } else if rootUTF8.indices.contains(head.firstID), let bytes = rootUTF8[head.firstID] {
                appendBytes(bytes, escaped: escaped)
            }
            return
        }
        // A slot set as UTF-8 is written from its bytes.
        guard rootUTF8.isEmpty || !appendUTF8(path, escaped: escaped) else { return }
        if let value = lookup(path) {
            HTMLEscaper.append(value.interpolationText, escaped: escaped, to: &output)
        }
    }

    private mutating func appendBytes(_ bytes: [UInt8], escaped: Bool) {
        if escaped {
            HTMLText.appendEscaped(bytes.span, singleQuote: true, to: &output)
        } else {
            output.append(contentsOf: bytes)
        }
    }

    /// Writes a top-level name set as UTF-8 from its bytes, when no section's value has the name
    /// (the name then resolves to the slot, as ``lookup(_:)`` finds it). Returns whether it did.
    private mutating func appendUTF8(_ path: Int, escaped: Bool) -> Bool {
        let head = program.heads[path]
        guard head.count == 1, rootUTF8.indices.contains(head.firstID),
            rootSlots.indices.contains(head.firstID), rootSlots[head.firstID] == nil,
            let bytes = rootUTF8[head.firstID]
        else { return false }
        if objects > 0 {
            for level in contexts.indices where member(path, part: 0, of: contexts[level]) != nil {
                return false
            }
        }
        appendBytes(bytes, escaped: escaped)
        return true
    }

    /// Resolves the path numbered `path` against the context stack as the spec defines: the first
    /// name on the innermost context that has it, the other names inside that value only. The path
    /// is read in place (copying it retained its names), and the stack only searched when a
    /// section's object is on it: otherwise the name resolves at the root.
    private func lookup(_ path: Int) -> TemplateValue? {
        let head = program.heads[path]
        guard head.count > 0 else { return contexts.last ?? topValue }
        if objects > 0 {
            // By index, innermost first: iterating `reversed()` copied each context on the way.
            for level in contexts.indices.reversed() {
                guard let value = member(path, part: 0, of: contexts[level]) else { continue }
                return head.count == 1 ? value : member(path, of: value)
            }
        }
        let found: TemplateValue?
        if hasSlots {
            found =
                rootSlots.indices.contains(head.firstID)
                ? TemplateContext.value(at: head.firstID, rootSlots, rootUTF8) : nil
        } else {
            found = member(path, part: 0, of: rootValue)
        }
        guard let value = found else { return nil }
        return head.count == 1 ? value : member(path, of: value)
    }

    /// What the names after the first of the path numbered `path` name inside `value`, each read
    /// from the path in place: iterating a copy of the names retained each of them.
    private func member(_ path: Int, of value: TemplateValue) -> TemplateValue? {
        let count = program.heads[path].count
        var value = value
        var index = 1
        while index < count {
            guard let next = member(path, part: index, of: value) else { return nil }
            value = next
            index += 1
        }
        return value
    }

    /// The root as one value: slots stand for the object of their values.
    private var topValue: TemplateValue {
        hasSlots ? TemplateContext.object(of: rootSlots, rootUTF8, names: names) : rootValue
    }
}
