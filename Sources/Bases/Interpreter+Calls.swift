import NoteModel

extension Interpreter {
    /// Counts a value's parts (lists and objects nested), stopping past `limit`: a value built by
    /// `reduce` or by formulas that use each other twice can double at each step.
    static func weight(_ value: BaseValue, limit: Int) -> Int {
        var total = 0
        var pending = [value]
        while let next = pending.popLast() {
            total += 1
            if total > limit { return total }
            switch next {
            case .list(let items): pending.append(contentsOf: items)
            case .object(let entries): pending.append(contentsOf: entries.map(\.value))
            default: break
            }
        }
        return total
    }

    /// Charges the evaluation for the size of a value it made.
    func charge(_ value: BaseValue, at place: SourceLocation) throws(EvaluationError) {
        let budget = Bases.stepBudget
        guard budget - steps > 0 else {
            throw EvaluationError(message: "the expression takes more than \(budget) steps", location: place)
        }
        steps += Self.weight(value, limit: budget - steps)
        if steps > budget {
            throw EvaluationError(message: "the expression takes more than \(budget) steps", location: place)
        }
    }

    /// A global function: `if`, `now`, `date`, `list`...
    func call(_ name: String, _ arguments: [ExpressionNode], _ scope: Scope, at place: SourceLocation)
        throws(EvaluationError) -> BaseValue
    {
        if name == "if" {
            guard (2...3).contains(arguments.count) else {
                throw EvaluationError(
                    message: "if(): expected 2 to 3 arguments, got \(arguments.count)", location: place)
            }
            if try evaluate(arguments[0], scope).isTruthy { return try evaluate(arguments[1], scope) }
            return arguments.count == 3 ? try evaluate(arguments[2], scope) : .null
        }
        var values: [BaseValue] = []
        for argument in arguments { values.append(try evaluate(argument, scope)) }
        let result = try global(name, values, at: place)
        try chargeMemory(for: result, at: place)
        return result
    }

    /// A global function on its evaluated arguments (apart from `call`, whose frame is on the stack
    /// at every level of nesting).
    @inline(never)
    private func global(_ name: String, _ values: [BaseValue], at place: SourceLocation)
        throws(EvaluationError)
        -> BaseValue
    {
        let arguments = values
        func failure(_ message: String) -> EvaluationError {
            EvaluationError(message: "\(name)(): \(message)", location: place)
        }
        func count(_ range: ClosedRange<Int>) throws(EvaluationError) {
            guard range.contains(arguments.count) else {
                let expected =
                    range.lowerBound == range.upperBound
                    ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
                throw failure(
                    "expected \(expected) argument\(range.upperBound == 1 ? "" : "s"), got \(arguments.count)"
                )
            }
        }
        switch name {
        case "now":
            try count(0...0)
            return .date(options.now)
        case "today":
            try count(0...0)
            return .date(options.now.dateOnly)
        case "date":
            try count(1...1)
            return try Self.date(values[0], failure)
        case "duration":
            try count(1...1)
            return try Self.duration(values[0], failure)
        case "link":
            try count(1...2)
            let display = values.count == 2 && !values[1].isEmpty ? values[1].displayText : nil
            switch values[0] {
            case .file(let file): return .link(BaseLink(target: file.row.path, display: display))
            case .link(let link):
                return .link(BaseLink(target: link.target, display: display ?? link.display))
            case .string(let text): return .link(BaseLink(target: text, display: display))
            default: throw failure("cannot link to \(values[0].article)")
            }
        case "list":
            try count(1...1)
            if case .list = values[0] { return values[0] }
            return .list(values[0] == .null ? [] : [values[0]])
        case "number":
            try count(1...1)
            return try Self.number(values[0], failure)
        case "min", "max":
            guard !values.isEmpty else { throw failure("expected at least 1 argument") }
            var best: BaseValue?
            for value in values where value != .null {
                guard case .number = value else { throw failure("expected numbers, got \(value.article)") }
                guard let current = best, let order = value.compare(current) else {
                    best = value
                    continue
                }
                if name == "min" ? order < 0 : order > 0 { best = value }
            }
            return best ?? .null
        case "escapeHTML":
            // Every cell's text is escaped when the page is written, so the text stays as it is.
            try count(1...1)
            return .string(values[0].displayText)
        case "file":
            try count(1...1)
            return try file(values[0], failure)
        case "html":
            try count(1...1)
            if case .null = values[0] { return .null }
            return .html(values[0].displayText)
        case "image":
            try count(1...1)
            switch values[0] {
            case .null: return .null
            case .file(let file): return .image(file.row.path)
            case .link(let link): return .image(link.path)
            case .string(let text): return .image(BaseLink(target: text).path)
            case .image: return values[0]
            default: throw failure("cannot show \(values[0].article) as an image")
            }
        case "icon":
            throw EvaluationError(
                message: "the function '\(name)' is not supported by notesite", location: place)
        default:
            throw EvaluationError(message: "unknown function '\(name)'", location: place)
        }
    }

    /// `date(x)`: a date from a date, a text or milliseconds.
    private static func date(_ value: BaseValue, _ failure: (String) -> EvaluationError)
        throws(EvaluationError) -> BaseValue
    {
        switch value {
        case .date: return value
        case .null: return .null
        case .string(let text):
            guard let date = BaseDate(parsing: text) else { throw failure("'\(text)' is not a date") }
            return .date(date)
        case .number(let milliseconds) where abs(milliseconds) < BaseDate.limit:
            return .date(BaseDate(milliseconds: milliseconds))
        default: throw failure("cannot make a date of \(value.article)")
        }
    }

    /// `duration(x)`: a duration from a duration, a text such as `1d` or milliseconds.
    private static func duration(_ value: BaseValue, _ failure: (String) -> EvaluationError)
        throws(EvaluationError) -> BaseValue
    {
        switch value {
        case .duration: return value
        case .string(let text):
            guard let duration = BaseDuration(parsing: text) else {
                throw failure("'\(text)' is not a duration")
            }
            return .duration(duration)
        case .number(let milliseconds) where abs(milliseconds) < BaseDate.limit:
            return .duration(BaseDuration(milliseconds: milliseconds))
        default: throw failure("cannot make a duration of \(value.article)")
        }
    }

    /// `number(x)`: a number from a number, a flag, a date, a duration or a text.
    private static func number(_ value: BaseValue, _ failure: (String) -> EvaluationError)
        throws(EvaluationError) -> BaseValue
    {
        switch value {
        case .number, .null: return value
        case .bool(let flag): return .number(flag ? 1 : 0)
        case .date(let date): return .number(date.milliseconds)
        case .duration(let duration): return .number(duration.totalMilliseconds)
        case .string(let text):
            let trimmed = text.trimmingSpaces
            guard let number = Double(trimmed), number.isFinite, !trimmed.isEmpty else {
                throw failure("'\(text)' is not a number")
            }
            return .number(number)
        default: throw failure("cannot make a number of \(value.article)")
        }
    }

    /// `file(x)`: the published page a file, link or path names; null when the site has none.
    private func file(_ value: BaseValue, _ failure: (String) -> EvaluationError)
        throws(EvaluationError) -> BaseValue
    {
        let path: String
        switch value {
        case .file: return value
        case .null: return .null
        case .link(let link): path = link.path
        case .string(let text): path = BaseLink(target: text).path
        default: throw failure("cannot find a file from \(value.article)")
        }
        // A file the site does not publish is missing, as a property a note lacks.
        guard let found = links.resolve(path), let row = rowsByPath[found] else { return .null }
        return .file(BaseFileValue(row))
    }
}

extension String {
    /// Without spaces, tabs and line breaks at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return String(self[first...last])
    }
}
