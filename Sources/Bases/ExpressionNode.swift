public import NoteModel

/// A parsed expression: every node that can fail keeps its place in the `.base` file.
public indirect enum ExpressionNode: Sendable, Hashable {
    case literal(BaseValue)
    case identifier(String, SourceLocation)
    case list([ExpressionNode])
    case object([ObjectField])
    /// `/pattern/flags`: parsed so the rest of an expression reads, refused when evaluated.
    case regex(String, SourceLocation)
    case member(ExpressionNode, String, SourceLocation)
    case index(ExpressionNode, ExpressionNode, SourceLocation)
    case call(String, [ExpressionNode], SourceLocation)
    case method(ExpressionNode, String, [ExpressionNode], SourceLocation)
    case unary(UnaryOperator, ExpressionNode, SourceLocation)
    case binary(BinaryOperator, ExpressionNode, ExpressionNode, SourceLocation)

    /// One `"key": value` of an object literal.
    public struct ObjectField: Sendable, Hashable {
        public var key: String
        public var value: ExpressionNode
    }

    public enum UnaryOperator: String, Sendable, Hashable {
        case not = "!"
        case negate = "-"
    }

    public enum BinaryOperator: String, Sendable, Hashable {
        case or = "||"
        case and = "&&"
        case equal = "=="
        case notEqual = "!="
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case add = "+"
        case subtract = "-"
        case multiply = "*"
        case divide = "/"
        case remainder = "%"
    }
}

/// An expression as written in the base, with its parsed form (nil when it did not parse: the
/// warning was given then, and it evaluates to nothing).
public struct BaseExpression: Sendable, Hashable {
    public var text: String
    public var root: ExpressionNode?
    /// Where the expression's text starts in the `.base` file.
    public var location: SourceLocation

    public init(text: String, root: ExpressionNode?, location: SourceLocation) {
        self.text = text
        self.root = root
        self.location = location
    }
}
