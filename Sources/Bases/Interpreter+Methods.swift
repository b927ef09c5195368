import Foundation
import NoteModel

extension Interpreter {
    /// A method on a value: `file.hasTag("x")`, `name.lower()`, `price.toFixed(2)`, `tags.map(...)`.
    func method(
        _ receiver: BaseValue, _ name: String, _ arguments: [ExpressionNode], _ scope: Scope,
        at place: SourceLocation
    ) throws(EvaluationError) -> BaseValue {
        // `filter`, `map` and `reduce` evaluate their argument once per item, with `value` and `index`.
        if case .list(let items) = receiver, ["filter", "map", "reduce"].contains(name) {
            return try iterate(items, name, arguments, scope, at: place)
        }
        var values: [BaseValue] = []
        for argument in arguments { values.append(try evaluate(argument, scope)) }
        let result = try method(receiver, MethodCall(name: name, arguments: values, place: place))
        try chargeMemory(for: result, at: place)
        return result
    }

    /// A method on its evaluated arguments (apart from the caller, whose frame is on the stack at
    /// every level of nesting).
    @inline(never)
    private func method(_ receiver: BaseValue, _ call: MethodCall) throws(EvaluationError) -> BaseValue {
        let name = call.name
        let place = call.place
        switch receiver {
        case .file(let file): if let result = try fileMethod(file.row, call) { return result }
        case .string(let text): if let result = try stringMethod(text, call) { return result }
        case .number(let number): if let result = try numberMethod(number, call) { return result }
        case .list(let items): if let result = try listMethod(items, call) { return result }
        case .date(let date): if let result = try dateMethod(date, call) { return result }
        case .object(let entries):
            switch name {
            case "keys": return .list(entries.map { .string($0.key) })
            case "values": return .list(entries.map(\.value))
            default: break
            }
        case .regex(let regex) where name == "matches":
            try call.count(1...1)
            if case .null = call.arguments[0] { return .bool(false) }
            let text = call.arguments[0].displayText
            return .bool(
                try searching(at: place) { budget throws(RegexError) in
                    try regex.matches(text, budget: &budget)
                })
        case .link where name == "asFile" || name == "linksTo":
            throw EvaluationError(
                message: "the function '\(name)' is not supported by notesite", location: place)
        default: break
        }
        switch name {
        case "isTruthy": return .bool(receiver.isTruthy)
        case "isEmpty": return .bool(receiver.isEmpty)
        case "toString": return .string(receiver.displayText)
        case "isType":
            let type = try call.string(0)
            return .bool(receiver.typeName == type || (type == "text" && receiver.typeName == "string"))
        default: break
        }
        // A method on a missing value is a missing value: most notes lack most properties.
        if case .null = receiver { return .null }
        throw EvaluationError(message: "unknown function '\(name)' for \(receiver.article)", location: place)
    }

    /// A method's name, evaluated arguments and place, with typed readers of the arguments.
    struct MethodCall {
        var name: String
        var arguments: [BaseValue]
        var place: SourceLocation

        func failure(_ message: String) -> EvaluationError {
            EvaluationError(message: "\(name)(): \(message)", location: place)
        }

        func count(_ range: ClosedRange<Int>) throws(EvaluationError) {
            guard range.contains(arguments.count) else {
                throw failure(
                    "expected \(range.lowerBound == range.upperBound ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)") arguments, got \(arguments.count)"
                )
            }
        }

        func string(_ index: Int) throws(EvaluationError) -> String {
            guard index < arguments.count else { throw failure("expected an argument \(index + 1)") }
            switch arguments[index] {
            case .string(let text): return text
            case .number, .bool: return arguments[index].displayText
            default: throw failure("expected text, got \(arguments[index].article)")
            }
        }

        /// A whole number argument, or `fallback` when it is left out.
        func integer(_ index: Int, fallback: Int? = nil) throws(EvaluationError) -> Int {
            guard index < arguments.count else {
                if let fallback { return fallback }
                throw failure("expected an argument \(index + 1)")
            }
            guard case .number(let number) = arguments[index], number.isFinite else {
                throw failure("expected a number, got \(arguments[index].article)")
            }
            return Int(max(-1e9, min(1e9, number.rounded(.towardZero))))
        }
    }

    private func fileMethod(_ row: BaseRow, _ call: MethodCall) throws(EvaluationError) -> BaseValue? {
        switch call.name {
        case "hasTag":
            let tags = row.tags.map { $0.lowercased() }
            for index in call.arguments.indices {
                var tag = try call.string(index).lowercased()
                if tag.hasPrefix("#") { tag.removeFirst() }
                if tags.contains(where: { $0 == tag || $0.hasPrefix(tag + "/") }) { return .bool(true) }
            }
            return .bool(false)
        case "inFolder":
            try call.count(1...1)
            let folder = try call.string(0).split(separator: "/").joined(separator: "/")
            let path = row.path
            return .bool(folder.isEmpty || path.hasPrefix(folder + "/"))
        case "hasLink":
            try call.count(1...1)
            let target: String
            switch call.arguments[0] {
            case .file(let file): target = file.row.path
            case .link(let link): target = links.resolve(link.path) ?? link.path
            case .string(let text):
                target = links.resolve(BaseLink(target: text).path) ?? BaseLink(target: text).path
            case .null: return .bool(false)
            default: throw call.failure("expected a file, a link or a path, got \(call.arguments[0].article)")
            }
            return .bool(row.links.contains { ($0 == target) || (links.resolve($0) == target) })
        case "hasProperty":
            try call.count(1...1)
            let name = try call.string(0)
            let key = name.hasPrefix("note.") ? String(name.dropFirst(5)) : name
            return .bool(row.property(key) != nil)
        case "asLink":
            try call.count(0...1)
            let display = call.arguments.first.flatMap { $0.isEmpty ? nil : $0.displayText }
            return .link(BaseLink(target: row.path, display: display))
        default: return nil
        }
    }

    private func stringMethod(_ text: String, _ call: MethodCall) throws(EvaluationError) -> BaseValue? {
        switch call.name {
        case "contains":
            try call.count(1...1)
            return .bool(text.contains(try call.string(0)))
        case "containsAll", "containsAny":
            var found: [Bool] = []
            for index in call.arguments.indices { found.append(text.contains(try call.string(index))) }
            return .bool(call.name == "containsAll" ? !found.contains(false) : found.contains(true))
        case "startsWith":
            try call.count(1...1)
            return .bool(text.hasPrefix(try call.string(0)))
        case "endsWith":
            try call.count(1...1)
            return .bool(text.hasSuffix(try call.string(0)))
        case "lower": return .string(text.lowercased())
        case "upper": return .string(text.uppercased())
        case "title":
            var result = ""
            var atWordStart = true
            for character in text {
                result += atWordStart ? character.uppercased() : String(character)
                atWordStart = character.isWhitespace
            }
            return .string(result)
        case "trim": return .string(text.trimmingSpaces)
        case "reverse": return .string(String(text.reversed()))
        case "replace":
            try call.count(2...2)
            if case .regex(let regex) = call.arguments[0] {
                let replacement = try call.string(1)
                let result = try searching(at: call.place) { budget throws(RegexError) in
                    try regex.replace(
                        in: text, with: replacement, budget: &budget, maximumLength: Bases.maximumLength)
                }
                return try string(result, at: call.place)
            }
            let pattern = try call.string(0)
            let replacement = try call.string(1)
            guard !pattern.isEmpty else { return .string(text) }
            let growth = max(0, replacement.utf8.count - pattern.utf8.count)
            guard text.utf8.count / pattern.utf8.count * growth <= Bases.maximumLength else {
                throw call.failure("the text grows longer than \(Bases.maximumLength) bytes")
            }
            return try string(text.replacingOccurrences(of: pattern, with: replacement), at: call.place)
        case "repeat":
            try call.count(1...1)
            let times = try call.integer(0)
            guard times >= 0 else { throw call.failure("the count must not be negative") }
            guard text.utf8.count * times <= Bases.maximumLength else {
                throw call.failure("the text grows longer than \(Bases.maximumLength) bytes")
            }
            try chargeMemory(text.utf8.count * times, at: call.place)
            return .string(String(repeating: text, count: times))
        case "slice":
            try call.count(1...2)
            let characters = Array(text)
            let range = Self.sliceRange(
                count: characters.count, try call.integer(0), try call.integer(1, fallback: characters.count))
            return .string(String(characters[range]))
        case "split":
            try call.count(1...2)
            if case .regex(let regex) = call.arguments[0] {
                let limit = call.arguments.count == 2 ? max(0, try call.integer(1)) : nil
                let parts = try searching(at: call.place) { budget throws(RegexError) in
                    try regex.split(text, limit: limit, budget: &budget)
                }
                return try list(parts.map { $0.map(BaseValue.string) ?? .null }, at: call.place)
            }
            let separator = try call.string(0)
            var parts: [BaseValue] =
                separator.isEmpty
                ? text.map { .string(String($0)) }
                : text.components(separatedBy: separator).map { .string($0) }
            if call.arguments.count == 2 { parts = Array(parts.prefix(max(0, try call.integer(1)))) }
            return .list(parts)
        case "isEmpty": return .bool(text.isEmpty)
        default: return nil
        }
    }

    /// JavaScript's `slice`: negative positions count from the end, and positions are clamped.
    static func sliceRange(count: Int, _ start: Int, _ end: Int) -> Range<Int> {
        func clamp(_ position: Int) -> Int { position < 0 ? max(0, count + position) : min(count, position) }
        let from = clamp(start)
        return from..<max(from, clamp(end))
    }

    private func numberMethod(_ number: Double, _ call: MethodCall) throws(EvaluationError) -> BaseValue? {
        switch call.name {
        case "abs": return .number(abs(number))
        case "ceil": return .number(number.rounded(.up))
        case "floor": return .number(number.rounded(.down))
        case "round":
            try call.count(0...1)
            let digits = max(0, min(15, try call.integer(0, fallback: 0)))
            let scale = pow(10, Double(digits))
            // JavaScript's Math.round: halves go up (2.5 to 3, -2.5 to -2).
            let rounded = (number * scale + 0.5).rounded(.down) / scale
            return .number(rounded.isFinite ? rounded : number)
        case "toFixed":
            try call.count(1...1)
            let digits = max(0, min(100, try call.integer(0)))
            return .string(String(format: "%.\(digits)f", number))
        case "isEmpty": return .bool(false)
        default: return nil
        }
    }

    private func listMethod(_ items: [BaseValue], _ call: MethodCall) throws(EvaluationError) -> BaseValue? {
        let numbers = items.compactMap { item -> Double? in
            if case .number(let number) = item { return number }
            return nil
        }
        switch call.name {
        case "contains":
            try call.count(1...1)
            return .bool(items.contains { $0.equals(call.arguments[0], links: links) })
        case "containsAll":
            return .bool(
                call.arguments.allSatisfy { wanted in items.contains { $0.equals(wanted, links: links) } })
        case "containsAny":
            return .bool(
                call.arguments.contains { wanted in items.contains { $0.equals(wanted, links: links) } })
        case "join":
            try call.count(0...1)
            let separator = call.arguments.isEmpty ? "," : try call.string(0)
            var text = ""
            for (index, item) in items.enumerated() {
                guard text.utf8.count <= Bases.maximumLength else { break }
                if index > 0 { text += separator }
                item.appendText(to: &text)
            }
            return try string(text, at: call.place)
        case "flat":
            var flat: [BaseValue] = []
            for item in items {
                if case .list(let inner) = item { flat += inner } else { flat.append(item) }
                guard flat.count <= Bases.maximumLength else {
                    throw call.failure("the list grows longer than \(Bases.maximumLength) items")
                }
            }
            return .list(flat)
        case "reverse": return .list(items.reversed())
        case "slice":
            try call.count(1...2)
            let range = Self.sliceRange(
                count: items.count, try call.integer(0), try call.integer(1, fallback: items.count))
            return .list(Array(items[range]))
        case "sort":
            let sorted = items.enumerated().sorted { left, right in
                let order = left.element.sortOrder(right.element)
                return order != 0 ? order < 0 : left.offset < right.offset
            }
            return .list(sorted.map(\.element))
        case "unique":
            var seen: [BaseValue] = []
            for item in items where !seen.contains(where: { $0.equals(item, links: links) }) {
                seen.append(item)
            }
            return .list(seen)
        case "isEmpty": return .bool(items.isEmpty)
        // For custom summaries over `values`.
        case "mean", "average": return BaseSummary.mean(numbers).map(BaseValue.number) ?? .null
        case "median": return BaseSummary.median(numbers).map(BaseValue.number) ?? .null
        case "sum": return .number(numbers.reduce(0, +))
        case "min": return numbers.min().map(BaseValue.number) ?? .null
        case "max": return numbers.max().map(BaseValue.number) ?? .null
        default: return nil
        }
    }

    private func dateMethod(_ date: BaseDate, _ call: MethodCall) throws(EvaluationError) -> BaseValue? {
        switch call.name {
        case "date": return .date(date.dateOnly)
        case "time": return .string(date.format("HH:mm:ss"))
        case "format":
            try call.count(1...1)
            return .string(date.format(try call.string(0)))
        case "relative": return .string(date.relative(to: options.now))
        case "isEmpty": return .bool(false)
        default: return nil
        }
    }

    private func iterate(
        _ items: [BaseValue], _ name: String, _ arguments: [ExpressionNode], _ scope: Scope,
        at place: SourceLocation
    ) throws(EvaluationError) -> BaseValue {
        let expected = name == "reduce" ? 2 : 1
        guard arguments.count == expected else {
            throw EvaluationError(
                message:
                    "\(name)(): expected \(expected) argument\(expected == 1 ? "" : "s"), got \(arguments.count)",
                location: place)
        }
        var inner = scope
        var results: [BaseValue] = []
        var accumulator = name == "reduce" ? try evaluate(arguments[1], scope) : .null
        for (index, item) in items.enumerated() {
            inner.variables["value"] = item
            inner.variables["index"] = .number(Double(index))
            inner.variables["acc"] = accumulator
            let result = try evaluate(arguments[0], inner)
            switch name {
            case "filter": if result.isTruthy { results.append(item) }
            case "map": results.append(result)
            default:
                try charge(result, at: place)
                accumulator = result
            }
        }
        return name == "reduce" ? accumulator : .list(results)
    }
}
