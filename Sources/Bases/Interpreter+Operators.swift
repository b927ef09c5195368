import NoteModel

extension Interpreter {
    /// `+ - * / %` and the comparisons, on values already evaluated.
    func binary(
        _ op: ExpressionNode.BinaryOperator, _ left: BaseValue, _ right: BaseValue, at place: SourceLocation
    )
        throws(EvaluationError) -> BaseValue
    {
        func failure() -> EvaluationError {
            EvaluationError(
                message: "cannot use '\(op.rawValue)' on \(left.article) and \(right.article)",
                location: place)
        }
        switch op {
        case .equal: return .bool(left.equals(right, links: links))
        case .notEqual: return .bool(!left.equals(right, links: links))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            // A missing value compares false, quietly: most notes lack most properties.
            if case .null = left { return .bool(false) }
            if case .null = right { return .bool(false) }
            guard let order = left.compare(right) else { throw failure() }
            switch op {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case .add, .subtract:
            if case .date(let date) = left, let duration = Self.duration(right) {
                let moved =
                    op == .add
                    ? duration : BaseDuration(months: -duration.months, milliseconds: -duration.milliseconds)
                guard let result = date.adding(moved) else {
                    throw EvaluationError(message: "the date is out of range", location: place)
                }
                return .date(result)
            }
            if op == .subtract, case .date(let later) = left, case .date(let earlier) = right {
                return .duration(BaseDuration(milliseconds: later.milliseconds - earlier.milliseconds))
            }
            if case .duration(let a) = left, case .duration(let b) = right {
                let sign = op == .add ? 1.0 : -1.0
                guard let sum = a.adding(b.scaled(by: sign)) else {
                    throw EvaluationError(message: "the duration is out of range", location: place)
                }
                return .duration(sum)
            }
            if op == .add {
                switch (left, right) {
                case (.string(let a), _): return try string(a + right.displayText, at: place)
                case (_, .string(let b)): return try string(left.displayText + b, at: place)
                case (.list(let a), .list(let b)): return try list(a + b, at: place)
                default: break
                }
            }
            return try arithmetic(op, left, right, at: place, failure: failure)
        case .multiply, .divide:
            if case .duration(let duration) = left, case .number(let factor) = right {
                let scale = op == .multiply ? factor : 1 / factor
                guard let result = duration.scaled(by: scale) else {
                    throw EvaluationError(message: "the duration is out of range", location: place)
                }
                return .duration(result)
            }
            return try arithmetic(op, left, right, at: place, failure: failure)
        case .remainder:
            return try arithmetic(op, left, right, at: place, failure: failure)
        case .and: return .bool(left.isTruthy && right.isTruthy)
        case .or: return .bool(left.isTruthy || right.isTruthy)
        }
    }

    private func arithmetic(
        _ op: ExpressionNode.BinaryOperator, _ left: BaseValue, _ right: BaseValue, at place: SourceLocation,
        failure: () -> EvaluationError
    ) throws(EvaluationError) -> BaseValue {
        if case .null = left { return .null }
        if case .null = right { return .null }
        // Text that spells a number counts as the number, as in JavaScript: `formula.ppu * 2` where
        // `ppu` is `(price / age).toFixed(2)`.
        guard let a = left.numeric, let b = right.numeric else { throw failure() }
        let result: Double
        switch op {
        case .add: result = a + b
        case .subtract: result = a - b
        case .multiply: result = a * b
        case .divide: result = a / b
        default: result = a.truncatingRemainder(dividingBy: b)
        }
        // Division by zero and overflow leave the cell empty rather than print "Infinity".
        return result.isFinite ? .number(result) : .null
    }

    /// A duration, or a string that spells one (`"1w"`, `"2 days"`): what dates add.
    static func duration(_ value: BaseValue) -> BaseDuration? {
        switch value {
        case .duration(let duration): return duration
        case .string(let text): return BaseDuration(parsing: text)
        default: return nil
        }
    }

    /// A string result, refused past `Bases.maximumLength` bytes.
    func string(_ text: String, at place: SourceLocation) throws(EvaluationError) -> BaseValue {
        guard text.utf8.count <= Bases.maximumLength else {
            throw EvaluationError(
                message: "the text grows longer than \(Bases.maximumLength) bytes", location: place)
        }
        try chargeMemory(text.utf8.count, at: place)
        return .string(text)
    }

    /// Charges the evaluation one step per 32 bytes it makes (a text) or per item (a list), so
    /// that one cell cannot fill the memory with values made one after another (`map` over a long
    /// list making a long text for each item).
    func chargeMemory(_ size: Int, at place: SourceLocation) throws(EvaluationError) {
        steps += size / 32
        if steps > Bases.stepBudget {
            throw EvaluationError(
                message: "the expression takes more than \(Bases.stepBudget) steps", location: place)
        }
    }

    /// Charges for a value a function made: its text's bytes or its list's items.
    func chargeMemory(for value: BaseValue, at place: SourceLocation) throws(EvaluationError) {
        switch value {
        case .string(let text): try chargeMemory(text.utf8.count, at: place)
        case .list(let items): try chargeMemory(items.count * 32, at: place)
        default: break
        }
    }

    /// A list result, refused past `Bases.maximumLength` items.
    func list(_ items: [BaseValue], at place: SourceLocation) throws(EvaluationError) -> BaseValue {
        guard items.count <= Bases.maximumLength else {
            throw EvaluationError(
                message: "the list grows longer than \(Bases.maximumLength) items", location: place)
        }
        return .list(items)
    }
}
