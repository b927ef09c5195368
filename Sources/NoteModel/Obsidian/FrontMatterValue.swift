/// A front matter value as a plain tree, for templates: unknown keys keep their YAML structure.
public enum FrontMatterValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([FrontMatterValue])
    /// Keys in the order written.
    case mapping([FrontMatterEntry])

    /// The value as text, for a scalar.
    public var text: String? {
        switch self {
        case .null: nil
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): value
        case .list, .mapping: nil
        }
    }
}

/// One key of a mapping in a ``FrontMatterValue``.
public struct FrontMatterEntry: Sendable, Hashable, Codable {
    public var key: String
    public var value: FrontMatterValue
    /// Where the value is written (a top-level key's; nil inside a nested value).
    public var location: SourceLocation?

    public init(key: String, value: FrontMatterValue, location: SourceLocation? = nil) {
        self.key = key
        self.value = value
        self.location = location
    }
}
