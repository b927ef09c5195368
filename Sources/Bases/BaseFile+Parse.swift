import NoteModel
import YAMLReader

extension BaseFile {
    /// Reads a base from its YAML text. `lineOffset` counts the lines before the text in `file` (a
    /// ```` ```base ```` block in a note). Never throws: what cannot be read is a warning, and the
    /// rest of the base is kept.
    public static func parse(_ text: String, file: String, lineOffset: Int = 0) -> BaseFile {
        var reader = BaseFileReader(file: file, source: SourceLines(text, lineOffset: lineOffset))
        let root: YAMLNode?
        do {
            root = try YAMLReader.parse(text, file: file, lineOffset: lineOffset)
        } catch {
            reader.base.diagnostics.append(
                .warning(
                    "this base is not valid YAML: \(error.message)", at: reader.source.bytes(error.location)))
            return reader.base
        }
        if let root { reader.read(root) }
        return reader.base
    }
}

/// Reads a base's YAML tree, collecting warnings instead of stopping.
private struct BaseFileReader {
    var base: BaseFile
    let source: SourceLines

    init(file: String, source: SourceLines) {
        base = BaseFile(file: file)
        self.source = source
    }

    mutating func warn(_ message: String, at location: SourceLocation) {
        base.diagnostics.append(.warning(message, at: location))
    }

    mutating func read(_ root: YAMLNode) {
        guard case .mapping(let entries) = root.kind else {
            warn(
                "a base must be a mapping of filters, formulas, properties, summaries and views",
                at: source.bytes(root.location))
            return
        }
        for entry in entries {
            let key = Self.text(entry.key) ?? ""
            switch key {
            case "filters": base.filters = filter(entry.value, depth: 0)
            case "formulas":
                base.formulas = namedExpressions(entry.value, what: "formulas")
                var seen = Set<String>()
                for formula in base.formulas where !seen.insert(formula.name).inserted {
                    warn("the formula '\(formula.name)' is defined twice", at: formula.expression.location)
                }
            case "properties": readProperties(entry.value)
            case "summaries": base.customSummaries = namedExpressions(entry.value, what: "summaries")
            case "views": readViews(entry.value)
            default: warn("unknown key '\(key)' in a base", at: source.bytes(entry.key.location))
            }
        }
        // Custom summaries may be written after the views that use them.
        for view in base.views {
            for column in view.summaries where BaseSummary(rawValue: column.summary) == nil {
                if !base.customSummaries.contains(where: { $0.name == column.summary }) {
                    warn("unknown summary '\(column.summary)'", at: column.location)
                }
            }
        }
    }

    static func text(_ node: YAMLNode) -> String? {
        guard case .scalar(let text, _) = node.kind else { return nil }
        return text
    }

    /// An expression written as a YAML scalar, parsed; a syntax error is a warning and leaves it
    /// unparsed.
    mutating func expression(_ node: YAMLNode) -> BaseExpression? {
        guard let text = Self.text(node) else {
            warn("expected an expression, found \(node.typeDescription)", at: source.bytes(node.location))
            return nil
        }
        let places = TextPlaces(scalar: text, at: source.bytes(node.location), in: source)
        do {
            let root = try ExpressionParser.parse(text, places: places)
            return BaseExpression(text: text, root: root, location: places.location(at: 0))
        } catch {
            warn("cannot read the expression: \(error.message)", at: error.location)
            return BaseExpression(text: text, root: nil, location: places.location(at: 0))
        }
    }

    mutating func filter(_ node: YAMLNode, depth: Int) -> BaseFilter? {
        guard depth < Bases.maximumDepth else {
            warn("filters nest deeper than \(Bases.maximumDepth) levels", at: source.bytes(node.location))
            return nil
        }
        switch node.kind {
        case .scalar: return expression(node).map(BaseFilter.statement)
        case .sequence:
            warn("expected 'and', 'or' or 'not' before a list of filters", at: source.bytes(node.location))
            return nil
        case .mapping(let entries):
            guard entries.count == 1, let entry = entries.first, let key = Self.text(entry.key) else {
                warn("a filter object holds one key: 'and', 'or' or 'not'", at: source.bytes(node.location))
                return nil
            }
            let items: [YAMLNode]
            if case .sequence(let list) = entry.value.kind { items = list } else { items = [entry.value] }
            var filters: [BaseFilter] = []
            for item in items {
                // A statement that does not parse still counts (as false), so that `and` cannot
                // widen because one of its parts was dropped.
                if let filter = filter(item, depth: depth + 1) {
                    filters.append(filter)
                } else {
                    filters.append(
                        .statement(BaseExpression(text: "", root: nil, location: source.bytes(item.location)))
                    )
                }
            }
            switch key {
            case "and": return .and(filters)
            case "or": return .or(filters)
            case "not": return .not(filters)
            default:
                warn(
                    "unknown filter '\(key)': expected 'and', 'or' or 'not'",
                    at: source.bytes(entry.key.location))
                return nil
            }
        }
    }

    mutating func namedExpressions(_ node: YAMLNode, what: String) -> [BaseFormula] {
        guard case .mapping(let entries) = node.kind else {
            warn("'\(what)' must map names to expressions", at: source.bytes(node.location))
            return []
        }
        return entries.compactMap { entry in
            guard let name = Self.text(entry.key), let expression = expression(entry.value) else {
                return nil
            }
            return BaseFormula(name: name, expression: expression)
        }
    }

    mutating func readProperties(_ node: YAMLNode) {
        guard case .mapping(let entries) = node.kind else {
            warn("'properties' must map property names to their settings", at: source.bytes(node.location))
            return
        }
        for entry in entries {
            guard let key = Self.text(entry.key), case .mapping(let settings) = entry.value.kind else {
                warn("a property's settings must be a mapping", at: source.bytes(entry.value.location))
                continue
            }
            for setting in settings where Self.text(setting.key) == "displayName" {
                guard let name = Self.text(setting.value) else {
                    warn("'displayName' must be text", at: source.bytes(setting.value.location))
                    continue
                }
                base.displayNames[BasePropertyKey(key)] = name
            }
        }
    }

    mutating func readViews(_ node: YAMLNode) {
        guard case .sequence(let items) = node.kind else {
            warn("'views' must be a list of views", at: source.bytes(node.location))
            return
        }
        for item in items {
            if let view = view(item) { base.views.append(view) }
        }
    }

    mutating func view(_ node: YAMLNode) -> BaseView? {
        guard case .mapping(let entries) = node.kind else {
            warn("a view must be a mapping with 'type' and 'name'", at: source.bytes(node.location))
            return nil
        }
        var view = BaseView(
            layout: .table, name: "View \(base.views.count + 1)", location: source.bytes(node.location))
        for entry in entries {
            let key = Self.text(entry.key) ?? ""
            let value = entry.value
            switch key {
            case "type":
                switch Self.text(value) ?? "" {
                case "table": view.layout = .table
                case "cards": view.layout = .cards
                case "list": view.layout = .list
                case "map": view.layout = .map
                case let other: view.layout = .other(other)
                }
            case "name": view.name = Self.text(value) ?? view.name
            case "filters": view.filters = filter(value, depth: 0)
            case "order":
                guard let keys = propertyList(value) else { break }
                view.order = keys
            case "sort":
                guard case .sequence(let sorts) = value.kind else {
                    warn(
                        "'sort' must be a list of properties with directions",
                        at: source.bytes(value.location))
                    break
                }
                view.sort = sorts.compactMap { sort($0) }
            case "groupBy": view.groupBy = sort(value)
            case "limit":
                guard case .int(let limit) = value.scalarValue, limit >= 0 else {
                    warn("'limit' must be a whole number", at: source.bytes(value.location))
                    break
                }
                view.limit = limit
            case "summaries": view.summaries = columnSummaries(value)
            case "image": view.image = Self.text(value).map(BasePropertyKey.init)
            default:
                if let text = Self.text(value) { view.settings[key] = text }
            }
        }
        switch view.layout {
        case .table, .cards, .list: break
        case .map: warn("the view '\(view.name)' is a map, which notesite does not draw", at: view.location)
        case .other(let name):
            warn(
                "the view '\(view.name)' has the layout '\(name)', which notesite does not draw",
                at: view.location)
        }
        return view
    }

    mutating func propertyList(_ node: YAMLNode) -> [BasePropertyKey]? {
        guard case .sequence(let items) = node.kind else {
            warn("'order' must be a list of properties", at: source.bytes(node.location))
            return nil
        }
        return items.compactMap { item in
            guard let text = Self.text(item) else {
                warn("a property must be a name", at: source.bytes(item.location))
                return nil
            }
            return BasePropertyKey(text)
        }
    }

    /// `property: x` with `direction: ASC|DESC` (a plain name sorts ascending).
    mutating func sort(_ node: YAMLNode) -> BaseSort? {
        if let text = Self.text(node) { return BaseSort(property: BasePropertyKey(text)) }
        guard case .mapping(let entries) = node.kind else {
            warn("a sort must name a property and a direction", at: source.bytes(node.location))
            return nil
        }
        var property: BasePropertyKey?
        var descending = false
        for entry in entries {
            switch Self.text(entry.key) {
            case "property": property = Self.text(entry.value).map(BasePropertyKey.init)
            case "direction":
                switch Self.text(entry.value)?.uppercased() {
                case "ASC": descending = false
                case "DESC": descending = true
                default: warn("a direction is ASC or DESC", at: source.bytes(entry.value.location))
                }
            default: break
            }
        }
        guard let property else {
            warn("a sort must name its 'property'", at: source.bytes(node.location))
            return nil
        }
        return BaseSort(property: property, descending: descending)
    }

    mutating func columnSummaries(_ node: YAMLNode) -> [BaseColumnSummary] {
        guard case .mapping(let entries) = node.kind else {
            warn("a view's 'summaries' must map properties to summaries", at: source.bytes(node.location))
            return []
        }
        return entries.compactMap { entry in
            guard let key = Self.text(entry.key), let name = Self.text(entry.value) else {
                warn("a summary must be a name", at: source.bytes(entry.value.location))
                return nil
            }
            return BaseColumnSummary(
                property: BasePropertyKey(key), summary: name, location: source.bytes(entry.value.location))
        }
    }
}
