public import NoteModel

/// A YAML node with the place it starts in the source, so every complaint can point at it.
public struct YAMLNode: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `plain` is false for quoted and block scalars: `"42"` is a string, `42` a number.
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([Entry])
    }

    public struct Entry: Sendable, Hashable {
        public var key: YAMLNode
        public var value: YAMLNode
    }

    public var kind: Kind
    public var location: SourceLocation

    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

extension YAMLNode {
    /// A plain scalar's resolved type, in the YAML 1.2 core schema's spirit.
    public enum ScalarValue: Sendable, Hashable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
    }

    /// What a scalar means; nil for sequences and mappings.
    public var scalarValue: ScalarValue? {
        guard case .scalar(let text, let plain) = kind else { return nil }
        guard plain else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        return Self.number(text) ?? .string(text)
    }

    /// The number a plain scalar's text spells, if any.
    static func number(_ text: String) -> ScalarValue? {
        if let int = Int(text) { return .int(int) }
        if text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true,
            let double = Double(text)
        {
            return .double(double)
        }
        return nil
    }

    /// A word for the node's type in messages: "a number", "a list", ...
    public var typeDescription: String {
        switch kind {
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .scalar:
            switch scalarValue {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int, .double: return "a number"
            default: return "a string"
            }
        }
    }
}
