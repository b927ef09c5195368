/// How a list is marked and spaced.
public struct ListStyle: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case bullet
        case ordered
    }

    public enum Delimiter: String, Sendable, Hashable, Codable {
        case none
        case period
        case parenthesis
    }

    public var kind: Kind
    /// The first number of an ordered list (0 for a bullet list).
    public var start: Int
    public var delimiter: Delimiter
    /// A tight list renders its items' paragraphs without `<p>`.
    public var tight: Bool

    public init(kind: Kind, start: Int = 0, delimiter: Delimiter = .none, tight: Bool) {
        self.kind = kind
        self.start = start
        self.delimiter = delimiter
        self.tight = tight
    }
}
