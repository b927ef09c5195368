/// A library's node trees flattened into lists of plain operations: texts are ranges of one byte
/// buffer, and names, lists, blocks and includes are numbers into tables. An operation holds no
/// reference, so reading one copies a few words: copying a node retained and released its arrays
/// and strings, which was a fifth of rendering a page.
struct Program: Sendable {
    enum Op: Sendable {
        /// Literal bytes: a range of ``Program/bytes``.
        case text(Range<Int>)
        /// A line of the template begins here (see ``Node/lineStart``).
        case lineStart
        case variable(path: Int, escaped: Bool)
        case section(path: Int, inverted: Bool, list: Int)
        /// A partial or a parent call: its ``Include``.
        case include(Int)
        case block(Int)
    }

    /// A `{{>partial}}` (no overrides) or `{{<parent}}` call.
    struct Include: Sendable {
        var name: String
        /// The included template's index in the library; nil when there is none.
        var template: Int?
        var indent: [UInt8]?
        /// The blocks the call overrides (numbers into ``Program/blocks``).
        var overrides: [Int]
        /// Where the call is written, for errors.
        var offset: Int
    }

    /// A `{{$block}}`: its name's number, the template it is written in, its indentation (see
    /// ``Block/indent``) and its content's list.
    struct BlockInfo: Sendable {
        var id: Int
        var template: Int
        var indent: [UInt8]?
        var list: Int
    }

    /// A path's first name's number and its number of names, by path: what a lookup reads
    /// first, without copying the path (and retaining its names).
    struct Head: Sendable {
        var firstID: Int
        var count: Int
    }

    private(set) var bytes: [UInt8] = []
    private(set) var paths: [Path] = []
    private(set) var heads: [Head] = []
    private(set) var lists: [[Op]] = []
    private(set) var includes: [Include] = []
    private(set) var blocks: [BlockInfo] = []
    /// Each template's list, by the template's index.
    private(set) var templateLists: [Int] = []

    init(templates: [[Node]]) {
        for nodes in templates { templateLists.append(add(nodes)) }
    }

    /// Adds a list of nodes and, first, the lists inside them; returns its number. Recursive, as
    /// deep as sections nest (``Parser/maximumNesting`` bounds it).
    private mutating func add(_ nodes: [Node]) -> Int {
        var ops: [Op] = []
        ops.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .text(let text):
                bytes.append(contentsOf: text)
                ops.append(.text((bytes.count - text.count)..<bytes.count))
            case .lineStart:
                ops.append(.lineStart)
            case .variable(let path, let escaped):
                ops.append(.variable(path: add(path), escaped: escaped))
            case .section(let path, let inverted, let children):
                let list = add(children)
                ops.append(.section(path: add(path), inverted: inverted, list: list))
            case .partial(let name, let template, let indent, let offset):
                includes.append(
                    Include(name: name, template: template, indent: indent, overrides: [], offset: offset))
                ops.append(.include(includes.count - 1))
            case .parent(let name, let template, let indent, let overrides, let offset):
                let blocks = overrides.map { add($0) }
                includes.append(
                    Include(name: name, template: template, indent: indent, overrides: blocks, offset: offset)
                )
                ops.append(.include(includes.count - 1))
            case .block(let block):
                ops.append(.block(add(block)))
            }
        }
        lists.append(ops)
        return lists.count - 1
    }

    /// Adds a path; returns its number.
    private mutating func add(_ path: Path) -> Int {
        paths.append(path)
        heads.append(Head(firstID: path.firstID, count: path.components.count))
        return paths.count - 1
    }

    /// Adds a block and its content; returns its number.
    private mutating func add(_ block: Block) -> Int {
        let list = add(block.children)
        blocks.append(BlockInfo(id: block.id, template: block.template, indent: block.indent, list: list))
        return blocks.count - 1
    }
}
