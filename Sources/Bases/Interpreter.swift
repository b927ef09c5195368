import NoteModel

/// Why an expression has no value for a row: a warning at a place in the `.base` file.
struct EvaluationError: Error {
    var message: String
    var location: SourceLocation
}

/// Evaluates expressions over rows: names, members, operators, calls; formulas once per row, a
/// cycle between them an error, and every evaluation bounded in depth and steps.
final class Interpreter {
    let base: BaseFile
    let rows: [BaseRow]
    let options: BaseEvaluator.Options
    let links: LinkResolver
    /// Rows (and `this`) by vault path, for `file(path)`.
    let rowsByPath: [String: BaseRow]
    private let formulas: [String: BaseExpression]
    /// Per row, each formula's value once computed (nil while computing).
    private var formulaValues: [[String: FormulaState]]
    /// The formulas being computed, innermost last, for the cycle's message.
    private var formulaStack: [String] = []
    /// Evaluation steps taken for the current value (`Bases.stepBudget`).
    var steps = 0
    /// How deep `evaluate` is nested, formulas within formulas included.
    private var depth = 0
    /// Bounds the call stack: an expression nests at most `Bases.maximumDepth` deep, but formulas
    /// that use formulas multiply that.
    static let maximumEvaluationDepth = 160
    private(set) var diagnostics: [Diagnostic] = []
    private var reported: Set<Diagnostic> = []
    /// Each regular expression literal compiled once for all rows (or why it cannot be).
    var regexes: [String: Result<BaseRegex, RegexError>] = [:]

    private enum FormulaState {
        case computing
        case done(BaseValue)
    }

    init(base: BaseFile, rows: [BaseRow], options: BaseEvaluator.Options) {
        self.base = base
        self.rows = rows
        self.options = options
        let all = rows + (options.this.map { [$0] } ?? [])
        links = LinkResolver(rows: all)
        rowsByPath = Dictionary(all.map { ($0.path, $0) }) { first, _ in first }
        var formulas: [String: BaseExpression] = [:]
        for formula in base.formulas where formulas[formula.name] == nil {
            formulas[formula.name] = formula.expression
        }
        self.formulas = formulas
        formulaValues = Array(repeating: [:], count: rows.count)
    }

    func warn(_ error: EvaluationError) {
        let diagnostic = Diagnostic.warning(error.message, at: error.location)
        if reported.insert(diagnostic).inserted { diagnostics.append(diagnostic) }
    }

    /// The value of `expression` for row `row` (an index into `rows`), or nil after a warning.
    func value(of expression: BaseExpression, row: Int, variables: [String: BaseValue] = [:]) -> BaseValue? {
        guard let root = expression.root else { return nil }
        steps = 0
        do {
            return try evaluate(root, Scope(row: row, variables: variables))
        } catch {
            warn(error)
            return nil
        }
    }

    /// The value of a property a view names (at `place`, for warnings), or nil after a warning.
    func value(of key: BasePropertyKey, row: Int, at place: SourceLocation) -> BaseValue? {
        steps = 0
        do {
            switch key {
            case .note(let name): return rows[row].property(name) ?? .null
            case .file(let name): return try fileField(rows[row], name, at: place)
            case .formula(let name): return try formula(name, row: row, at: place)
            }
        } catch {
            warn(error)
            return nil
        }
    }

    /// The row, and the names a `filter`/`map`/`reduce` or a summary binds.
    struct Scope {
        var row: Int
        var variables: [String: BaseValue]
    }

    func evaluate(_ node: ExpressionNode, _ scope: Scope) throws(EvaluationError) -> BaseValue {
        steps += 1
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumEvaluationDepth {
            throw EvaluationError(
                message:
                    "the expression and the formulas it uses nest deeper than \(Self.maximumEvaluationDepth) levels",
                location: Self.place(of: node))
        }
        if steps > Bases.stepBudget {
            throw EvaluationError(
                message: "the expression takes more than \(Bases.stepBudget) steps",
                location: Self.place(of: node))
        }
        // Every case calls out, so this frame stays small: it is on the stack once per level.
        switch node {
        case .literal(let value): return value
        case .identifier(let name, let place): return try identifier(name, scope, at: place)
        case .member(.identifier("formula", _), let name, let place) where scope.variables["formula"] == nil:
            return try formula(name, row: scope.row, at: place)
        case .member(let object, let name, let place):
            return try member(try evaluate(object, scope), name, at: place)
        case .index(let object, let key, let place):
            return try index(object, key, scope, at: place)
        case .call(let name, let arguments, let place):
            return try call(name, arguments, scope, at: place)
        case .method(let receiver, let name, let arguments, let place):
            return try method(try evaluate(receiver, scope), name, arguments, scope, at: place)
        case .binary(let op, let left, let right, let place):
            return try binary(op, left, right, scope, at: place)
        default:
            return try collection(node, scope)
        }
    }

    @inline(never)
    private func collection(_ node: ExpressionNode, _ scope: Scope) throws(EvaluationError) -> BaseValue {
        switch node {
        case .list(let items):
            var values: [BaseValue] = []
            for item in items { values.append(try evaluate(item, scope)) }
            return .list(values)
        case .object(let fields):
            var entries: [BaseEntry] = []
            for field in fields { entries.append(BaseEntry(field.key, try evaluate(field.value, scope))) }
            return .object(entries)
        case .regex(let literal, let place):
            return .regex(try regex(literal, at: place))
        case .unary(let op, let operand, let place):
            let value = try evaluate(operand, scope)
            switch op {
            case .not: return .bool(!value.isTruthy)
            case .negate:
                switch value {
                case .null: return .null
                case .number(let number): return .number(-number)
                case .duration(let duration):
                    return .duration(
                        BaseDuration(months: -duration.months, milliseconds: -duration.milliseconds))
                default:
                    throw EvaluationError(message: "cannot negate \(value.article)", location: place)
                }
            }
        default:
            return .null
        }
    }

    @inline(never)
    private func index(
        _ object: ExpressionNode, _ key: ExpressionNode, _ scope: Scope, at place: SourceLocation
    )
        throws(EvaluationError) -> BaseValue
    {
        if case .identifier("formula", _) = object, scope.variables["formula"] == nil {
            guard case .string(let name) = try evaluate(key, scope) else {
                throw EvaluationError(message: "formula[...] needs a formula's name", location: place)
            }
            return try formula(name, row: scope.row, at: place)
        }
        return try index(try evaluate(object, scope), try evaluate(key, scope), at: place)
    }

    @inline(never)
    private func binary(
        _ op: ExpressionNode.BinaryOperator, _ left: ExpressionNode, _ right: ExpressionNode, _ scope: Scope,
        at place: SourceLocation
    ) throws(EvaluationError) -> BaseValue {
        switch op {
        case .and:
            guard try evaluate(left, scope).isTruthy else { return .bool(false) }
            return .bool(try evaluate(right, scope).isTruthy)
        case .or:
            if try evaluate(left, scope).isTruthy { return .bool(true) }
            return .bool(try evaluate(right, scope).isTruthy)
        default:
            return try binary(op, try evaluate(left, scope), try evaluate(right, scope), at: place)
        }
    }

    static func place(of node: ExpressionNode) -> SourceLocation {
        switch node {
        case .identifier(_, let place), .regex(_, let place), .member(_, _, let place),
            .index(_, _, let place),
            .call(_, _, let place), .method(_, _, _, let place), .unary(_, _, let place),
            .binary(_, _, _, let place):
            return place
        case .list(let items):
            return items.first.map(place(of:)) ?? SourceLocation(file: "", line: 1, column: 1)
        case .object(let fields):
            return fields.first.map { place(of: $0.value) } ?? SourceLocation(file: "", line: 1, column: 1)
        case .literal: return SourceLocation(file: "", line: 1, column: 1)
        }
    }

    private func identifier(_ name: String, _ scope: Scope, at place: SourceLocation) throws(EvaluationError)
        -> BaseValue
    {
        if let value = scope.variables[name] { return value }
        let row = rows[scope.row]
        switch name {
        case "file": return .file(BaseFileValue(row))
        case "note": return .object(row.properties)
        case "this": return options.this.map { .file(BaseFileValue($0)) } ?? .null
        case "formula":
            throw EvaluationError(message: "'formula' needs a formula's name: formula.name", location: place)
        default: return row.property(name) ?? .null
        }
    }

    /// Formula `name` for a row, computed once; a formula that reaches itself is an error.
    func formula(_ name: String, row: Int, at place: SourceLocation) throws(EvaluationError) -> BaseValue {
        switch formulaValues[row][name] {
        case .done(let value): return value
        case .computing:
            let cycle = (formulaStack.drop { $0 != name } + [name]).joined(separator: " -> ")
            throw EvaluationError(
                message: "the formula '\(name)' refers to itself: \(cycle)", location: place)
        case nil: break
        }
        guard let expression = formulas[name] else {
            throw EvaluationError(message: "unknown formula '\(name)'", location: place)
        }
        guard formulaStack.count < 32 else {
            throw EvaluationError(message: "formulas use each other more than 32 deep", location: place)
        }
        guard let root = expression.root else { return .null }
        formulaValues[row][name] = .computing
        formulaStack.append(name)
        defer { formulaStack.removeLast() }
        do {
            let value = try evaluate(root, Scope(row: row, variables: [:]))
            try charge(value, at: place)
            formulaValues[row][name] = .done(value)
            return value
        } catch {
            // The formula's own error is reported at its own place; a cell that uses it is empty.
            formulaValues[row][name] = .done(.null)
            if formulaStack.count > 1 { throw error }
            warn(error)
            return .null
        }
    }

    func fileField(_ row: BaseRow, _ name: String, at place: SourceLocation) throws(EvaluationError)
        -> BaseValue
    {
        switch name {
        case "name": return .string(row.name)
        case "basename": return .string(row.basename)
        case "path": return .string(row.path)
        case "folder": return .string(row.folder)
        case "ext": return .string(row.ext)
        case "size": return .number(Double(row.size))
        case "ctime": return row.created.map(BaseValue.date) ?? .null
        case "mtime": return row.modified.map(BaseValue.date) ?? .null
        case "tags": return .list(row.tags.map { .string("#" + $0) })
        case "links": return .list(row.links.map { .link(BaseLink(target: $0)) })
        case "properties": return .object(row.properties)
        case "file": return .file(BaseFileValue(row))
        case "backlinks": return .list(row.backlinks.map { .link(BaseLink(target: $0)) })
        case "embeds": return .list(row.embeds.map { .link(BaseLink(target: $0)) })
        default:
            // `this.status` reads the embedding note's property.
            if let value = row.property(name) { return value }
            throw EvaluationError(message: "unknown file property 'file.\(name)'", location: place)
        }
    }

    private func member(_ value: BaseValue, _ name: String, at place: SourceLocation) throws(EvaluationError)
        -> BaseValue
    {
        switch value {
        case .null: return .null
        case .file(let file): return try fileField(file.row, name, at: place)
        case .object(let entries): return entries.first { $0.key == name }?.value ?? .null
        case .string(let text) where name == "length": return .number(Double(text.count))
        case .list(let items) where name == "length": return .number(Double(items.count))
        case .date(let date):
            let parts = date.parts
            let field: Int? =
                switch name {
                case "year": parts.year
                case "month": parts.month
                case "day": parts.day
                case "hour": parts.hour
                case "minute": parts.minute
                case "second": parts.second
                case "millisecond": parts.millisecond
                default: nil
                }
            if let field { return .number(Double(field)) }
        case .duration(let duration):
            let size: Double? =
                switch name {
                case "days": BaseDate.millisecondsPerDay
                case "hours": 3_600_000
                case "minutes": 60000
                case "seconds": 1000
                case "milliseconds": 1
                default: nil
                }
            if let size { return .number((duration.totalMilliseconds / size).rounded(.towardZero)) }
        default: break
        }
        throw EvaluationError(message: "\(value.article) has no field '\(name)'", location: place)
    }

    private func index(_ value: BaseValue, _ key: BaseValue, at place: SourceLocation) throws(EvaluationError)
        -> BaseValue
    {
        switch (value, key) {
        case (.null, _): return .null
        case (.list(let items), .number(let position)):
            guard position.isFinite, position == position.rounded(), abs(position) < 1e15 else {
                return .null
            }
            let index = Int(position) < 0 ? items.count + Int(position) : Int(position)
            return items.indices.contains(index) ? items[index] : .null
        case (.object(let entries), .string(let name)):
            return entries.first { $0.key == name }?.value ?? .null
        case (.file, .string(let name)): return try member(value, name, at: place)
        default:
            throw EvaluationError(
                message: "cannot index \(value.article) with \(key.article)", location: place)
        }
    }
}
