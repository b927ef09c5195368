public import NoteModel

/// Parses an expression by precedence climbing, `||` loosest, then `&&`, equality, comparison,
/// `+ -`, `* / %`, unary `! -`, and member access, indexing and calls tightest. The tree's depth is
/// bounded (`Bases.maximumDepth`), so nothing after parsing recurses without end.
public struct ExpressionParser {
    /// A syntax error at a place in the `.base` file.
    public struct Failure: Error, Sendable, Hashable {
        public var message: String
        public var location: SourceLocation
    }

    private struct Parsed {
        var node: ExpressionNode
        var depth: Int
    }

    private let tokens: [ExpressionLexer.Token]
    private let places: TextPlaces
    private var position = 0
    /// How deep the parser's own calls are (parentheses and prefixes add calls but no nodes).
    private var nesting = 0

    /// Parses `text`; `places` turns a UTF-8 offset in `text` into its place in the file.
    public static func parse(_ text: String, places: TextPlaces) throws(Failure) -> ExpressionNode {
        let tokens: [ExpressionLexer.Token]
        do {
            tokens = try ExpressionLexer.tokens(text)
        } catch {
            throw Failure(message: error.message, location: places.location(at: error.offset))
        }
        var parser = ExpressionParser(tokens: tokens, places: places)
        let parsed = try parser.expression()
        guard case .end = parser.current.kind else {
            throw parser.failure("unexpected \(parser.describe(parser.current)) after the expression")
        }
        return parsed.node
    }

    private init(tokens: [ExpressionLexer.Token], places: TextPlaces) {
        self.tokens = tokens
        self.places = places
    }

    private var current: ExpressionLexer.Token { tokens[min(position, tokens.count - 1)] }
    private var here: SourceLocation { places.location(at: current.offset) }

    private func failure(_ message: String) -> Failure { Failure(message: message, location: here) }

    private func describe(_ token: ExpressionLexer.Token) -> String {
        switch token.kind {
        case .number(let value): "number \(BaseValue.number(value).displayText)"
        case .string: "string"
        case .identifier(let name): "'\(name)'"
        case .regex: "regular expression"
        case .symbol(let symbol): "'\(symbol)'"
        case .end: "end of the expression"
        }
    }

    private mutating func take(_ symbol: String) -> Bool {
        guard current.kind == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ symbol: String, _ purpose: String) throws(Failure) {
        guard take(symbol) else {
            throw failure("expected '\(symbol)' \(purpose), found \(describe(current))")
        }
    }

    private func checked(_ depth: Int) throws(Failure) -> Int {
        guard depth <= Bases.maximumDepth else {
            throw failure("the expression nests deeper than \(Bases.maximumDepth) levels")
        }
        return depth
    }

    private static let levels: [[ExpressionNode.BinaryOperator]] = [
        [.or], [.and], [.equal, .notEqual], [.less, .lessOrEqual, .greater, .greaterOrEqual],
        [.add, .subtract], [.multiply, .divide, .remainder],
    ]

    private mutating func expression() throws(Failure) -> Parsed {
        nesting += 1
        defer { nesting -= 1 }
        _ = try checked(nesting)
        return try binary(level: 0)
    }

    private mutating func binary(level: Int) throws(Failure) -> Parsed {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level: level + 1)
        while case .symbol(let symbol) = current.kind,
            let op = Self.levels[level].first(where: { $0.rawValue == symbol })
        {
            let place = here
            position += 1
            let right = try binary(level: level + 1)
            left = Parsed(
                node: .binary(op, left.node, right.node, place),
                depth: try checked(max(left.depth, right.depth) + 1))
        }
        return left
    }

    private mutating func unary() throws(Failure) -> Parsed {
        let place = here
        let op: ExpressionNode.UnaryOperator?
        if take("!") {
            op = .not
        } else if take("-") {
            op = .negate
        } else {
            op = nil
        }
        guard let op else { return try postfix() }
        // Each prefix nests one level, so a run of them is bounded like any other nesting.
        nesting += 1
        defer { nesting -= 1 }
        _ = try checked(nesting)
        let operand = try unary()
        return Parsed(node: .unary(op, operand.node, place), depth: try checked(operand.depth + 1))
    }

    private mutating func postfix() throws(Failure) -> Parsed {
        var value = try primary()
        while true {
            let place = here
            if take(".") {
                guard case .identifier(let name) = current.kind else {
                    throw failure("expected a name after '.', found \(describe(current))")
                }
                let namePlace = here
                position += 1
                if take("(") {
                    let arguments = try self.arguments(closing: ")")
                    value = Parsed(
                        node: .method(value.node, name, arguments.nodes, namePlace),
                        depth: try checked(max(value.depth, arguments.depth) + 1))
                } else {
                    value = Parsed(
                        node: .member(value.node, name, namePlace), depth: try checked(value.depth + 1))
                }
            } else if take("[") {
                let index = try expression()
                try expect("]", "to close the index")
                value = Parsed(
                    node: .index(value.node, index.node, place),
                    depth: try checked(max(value.depth, index.depth) + 1))
            } else {
                return value
            }
        }
    }

    private mutating func arguments(closing: String) throws(Failure) -> (nodes: [ExpressionNode], depth: Int)
    {
        var nodes: [ExpressionNode] = []
        var depth = 0
        if take(closing) { return (nodes, depth) }
        while true {
            let argument = try expression()
            nodes.append(argument.node)
            depth = max(depth, argument.depth)
            if take(closing) { return (nodes, depth) }
            try expect(",", "between items")
            // A trailing comma before the end is allowed, as in JavaScript.
            if take(closing) { return (nodes, depth) }
        }
    }

    private mutating func primary() throws(Failure) -> Parsed {
        let token = current
        let place = here
        switch token.kind {
        case .number(let value):
            position += 1
            return Parsed(node: .literal(.number(value)), depth: 1)
        case .string(let text):
            position += 1
            return Parsed(node: .literal(.string(text)), depth: 1)
        case .regex(let pattern):
            position += 1
            return Parsed(node: .regex(pattern, place), depth: 1)
        case .identifier(let name):
            position += 1
            switch name {
            case "true": return Parsed(node: .literal(.bool(true)), depth: 1)
            case "false": return Parsed(node: .literal(.bool(false)), depth: 1)
            case "null": return Parsed(node: .literal(.null), depth: 1)
            default: break
            }
            if take("(") {
                let arguments = try self.arguments(closing: ")")
                return Parsed(
                    node: .call(name, arguments.nodes, place), depth: try checked(arguments.depth + 1))
            }
            return Parsed(node: .identifier(name, place), depth: 1)
        case .symbol("("):
            position += 1
            let inner = try expression()
            try expect(")", "to close '('")
            return inner
        case .symbol("["):
            position += 1
            let items = try arguments(closing: "]")
            return Parsed(node: .list(items.nodes), depth: try checked(items.depth + 1))
        case .symbol("{"):
            position += 1
            return try object()
        default:
            throw failure("expected a value, found \(describe(token))")
        }
    }

    private mutating func object() throws(Failure) -> Parsed {
        var fields: [ExpressionNode.ObjectField] = []
        var depth = 0
        if take("}") { return Parsed(node: .object(fields), depth: 1) }
        while true {
            let key: String
            switch current.kind {
            case .string(let text), .identifier(let text): key = text
            default: throw failure("expected a key, found \(describe(current))")
            }
            position += 1
            try expect(":", "after the key")
            let value = try expression()
            fields.append(.init(key: key, value: value.node))
            depth = max(depth, value.depth)
            if take("}") { break }
            try expect(",", "between fields")
            if take("}") { break }
        }
        return Parsed(node: .object(fields), depth: try checked(depth + 1))
    }
}
