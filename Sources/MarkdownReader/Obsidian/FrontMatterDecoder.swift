import NoteModel
import YAMLReader

/// Types the front matter's YAML: known keys must have their type (an error at the value otherwise,
/// the key then left out), unknown keys are kept as a value tree.
struct FrontMatterDecoder {
    private(set) var diagnostics: [Diagnostic] = []
    /// Deeper values than this are dropped with an error (keeps the tree's own recursion shallow).
    static let maximumDepth = 64
    /// The YAML's bytes, indexed as in the note, and the note's line they start on: where a
    /// property's wikilink is written is found in them.
    let source: ArraySlice<UInt8>
    let firstLine: Int
    /// Where each line of `source` starts, found at the first link.
    var lineStarts: [Int]?

    init(source: ArraySlice<UInt8> = [], firstLine: Int = 1) {
        self.source = source
        self.firstLine = firstLine
    }

    mutating func decode(_ root: YAMLNode?, at location: SourceLocation) -> FrontMatter? {
        var matter = FrontMatter(location: location)
        guard let root else { return matter }
        guard case .mapping(let entries) = root.kind else {
            diagnostics.append(
                .error(
                    "front matter must be keys with values, found \(root.typeDescription)", at: root.location)
            )
            return nil
        }
        for entry in entries {
            guard case .scalar(let key, _) = entry.key.kind else { continue }
            let value = entry.value
            switch key {
            case "title": matter.title = text(value, key: key)
            case "description": matter.description = text(value, key: key)
            case "permalink": matter.permalink = text(value, key: key)
            case "date":
                matter.date = text(value, key: key).map { FrontMatterDate(text: $0, date: ISODate.parse($0)) }
            case "tags", "tag":
                matter.tags = list(value, key: key, splitting: true).map { name in
                    String(name.drop { $0 == "#" })
                }.filter { !$0.isEmpty }
            case "aliases", "alias": matter.aliases = list(value, key: key, splitting: false)
            case "cssclasses", "cssclass": matter.cssclasses = list(value, key: key, splitting: true)
            case "draft": matter.draft = bool(value, key: key)
            case "publish": matter.publish = bool(value, key: key)
            case "order": matter.order = number(value, key: key)
            default:
                let linked = matter.links.count
                if let converted = generic(value, depth: 0, key: key, links: &matter.links) {
                    matter.extra.append(
                        FrontMatterEntry(key: key, value: converted, location: value.location))
                } else {
                    matter.links.removeSubrange(linked...)
                }
            }
        }
        return matter
    }

    /// A scalar as text; null is nil.
    private mutating func text(_ node: YAMLNode, key: String) -> String? {
        guard case .scalar(let text, _) = node.kind else {
            wrongType(node, key: key, wanted: "text")
            return nil
        }
        return node.scalarValue == .null ? nil : text
    }

    private mutating func bool(_ node: YAMLNode, key: String) -> Bool? {
        switch node.scalarValue {
        case .bool(let value): return value
        case .null: return nil
        default:
            wrongType(node, key: key, wanted: "true or false")
            return nil
        }
    }

    /// A finite number (`3`, `-1`, `2.5`); null is nil.
    private mutating func number(_ node: YAMLNode, key: String) -> Double? {
        switch node.scalarValue {
        case .int(let value): return Double(value)
        case .double(let value) where value.isFinite: return value
        case .null: return nil
        default:
            wrongType(node, key: key, wanted: "a number such as 1 or 2.5")
            return nil
        }
    }

    /// A list of scalars, or one scalar (split at commas and spaces when `splitting`).
    private mutating func list(_ node: YAMLNode, key: String, splitting: Bool) -> [String] {
        switch node.kind {
        case .scalar(let text, _):
            guard node.scalarValue != .null else { return [] }
            guard splitting else { return [text] }
            return text.split { $0 == "," || $0 == " " || $0 == "\t" }.map(String.init)
        case .sequence(let items):
            var result: [String] = []
            for item in items {
                guard case .scalar(let text, _) = item.kind else {
                    wrongType(item, key: key, wanted: "a list of text")
                    continue
                }
                let trimmed = text.trimmingSpaces()
                if item.scalarValue != .null, !trimmed.isEmpty { result.append(trimmed) }
            }
            return result
        case .mapping:
            wrongType(node, key: key, wanted: "a list or text")
            return []
        }
    }

    /// An unknown key's value as a tree; the wikilinks in its text are appended to `links`.
    private mutating func generic(
        _ node: YAMLNode, depth: Int, key: String, links: inout [FrontMatterLink]
    ) -> FrontMatterValue? {
        guard depth < FrontMatterDecoder.maximumDepth else {
            diagnostics.append(
                .error("front matter nests too deeply (over \(depth) levels)", at: node.location))
            return nil
        }
        switch node.kind {
        case .scalar:
            switch node.scalarValue {
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .double(let value): return .double(value)
            case .string(let value):
                if Byte.contains(value, UInt8(ascii: "[")) {
                    self.links(in: node, value, key: key, into: &links)
                }
                return .string(value)
            case .null, nil: return .null
            }
        case .sequence(let items):
            var values: [FrontMatterValue] = []
            for item in items {
                guard let value = generic(item, depth: depth + 1, key: key, links: &links) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .mapping(let entries):
            var values: [FrontMatterEntry] = []
            for entry in entries {
                guard case .scalar(let name, _) = entry.key.kind,
                    let value = generic(entry.value, depth: depth + 1, key: key, links: &links)
                else { return nil }
                values.append(FrontMatterEntry(key: name, value: value))
            }
            return .mapping(values)
        }
    }

    private mutating func wrongType(_ node: YAMLNode, key: String, wanted: String) {
        var found = node.typeDescription
        if case .scalar(let text, _) = node.kind { found += " '\(text)'" }
        diagnostics.append(
            .error("front matter '\(key)' must be \(wanted), found \(found)", at: node.location))
    }
}
