/// A value in a base: a note's property, a file's field, or what an expression computes.
public enum BaseValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case date(BaseDate)
    case duration(BaseDuration)
    case list([BaseValue])
    /// Keys in the order written.
    case object([BaseEntry])
    case link(BaseLink)
    case file(BaseFileValue)
    /// A regular expression literal, `/pattern/flags`.
    case regex(BaseRegex)
    /// `html(text)`: markup the page writes through its HTML sanitizer (unless `allow_html`).
    case html(String)
    /// `image(path or url)`: a picture the page draws, a vault path or a web address.
    case image(String)

    /// The type's name as `isType` takes it.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .date: "date"
        case .duration: "duration"
        case .list: "list"
        case .object: "object"
        case .link: "link"
        case .file: "file"
        case .regex: "regexp"
        case .html: "html"
        case .image: "image"
        }
    }

    /// A word for messages: "a number", "a list"...
    var article: String {
        switch self {
        case .null: "null"
        case .object: "an object"
        case .regex: "a regular expression"
        case .html: "HTML"
        case .image: "an image"
        default: "a \(typeName)"
        }
    }

    /// Obsidian's truthiness: null, false, 0, NaN and empty strings, lists and objects are false.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .list(let items): !items.isEmpty
        case .object(let entries): !entries.isEmpty
        case .date, .duration, .link, .file, .regex, .image: true
        case .html(let markup): !markup.isEmpty
        }
    }

    /// Empty for the `Empty`/`Filled` summaries and `isEmpty()`: null, "", [] and {}.
    public var isEmpty: Bool {
        switch self {
        case .null: true
        case .string(let value): value.isEmpty
        case .list(let items): items.isEmpty
        case .object(let entries): entries.isEmpty
        case .html(let markup), .image(let markup): markup.isEmpty
        default: false
        }
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> BaseValue? {
        guard case .object(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// One key of an object value.
public struct BaseEntry: Sendable, Hashable {
    public var key: String
    public var value: BaseValue

    public init(_ key: String, _ value: BaseValue) {
        self.key = key
        self.value = value
    }
}

/// A link: its target as written (a path or a note's name, or a URL) and the text to show.
public struct BaseLink: Sendable, Hashable {
    public var target: String
    public var display: String?

    public init(target: String, display: String? = nil) {
        self.target = target
        self.display = display
    }
}

/// A file of the vault as a value (`file`, `this`): equal when the paths are.
public struct BaseFileValue: Sendable, Hashable {
    public var row: BaseRow

    public init(_ row: BaseRow) { self.row = row }

    public static func == (left: Self, right: Self) -> Bool { left.row.path == right.row.path }
    public func hash(into hasher: inout Hasher) { hasher.combine(row.path) }
}
