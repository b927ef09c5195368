public import NoteModel

/// A parsed `.base` file or ```` ```base ```` block: its filters, formulas, property settings, custom
/// summaries and views, with the warnings reading it gave.
public struct BaseFile: Sendable, Hashable {
    public var file: String
    /// Applied to every view, joined to the view's own with AND.
    public var filters: BaseFilter?
    /// In the order written.
    public var formulas: [BaseFormula] = []
    /// Display names by property key (`note.status`, `file.ext`, `formula.price`).
    public var displayNames: [BasePropertyKey: String] = [:]
    /// Summaries the base defines itself, by name: expressions over `values`.
    public var customSummaries: [BaseFormula] = []
    public var views: [BaseView] = []
    /// Everything reading found wrong, all warnings.
    public var diagnostics: [Diagnostic] = []

    public init(file: String) { self.file = file }

    /// The view named `name` (an embed's `#View`), or the first view for nil.
    public func view(named name: String?) -> BaseView? {
        guard let name else { return views.first }
        return views.first { $0.name == name }
    }

    /// The header a column shows: its display name, else the property's own name (`file name`
    /// for `file.name`, as Obsidian shows it).
    public func displayName(of key: BasePropertyKey) -> String {
        if let name = displayNames[key] { return name }
        switch key {
        case .note(let name), .formula(let name): return name
        case .file(let name): return "file \(name)"
        }
    }
}

/// A named expression: a formula, or a custom summary.
public struct BaseFormula: Sendable, Hashable {
    public var name: String
    public var expression: BaseExpression
}

/// A filter: one statement, or `and`/`or`/`not` over a list of filters.
public indirect enum BaseFilter: Sendable, Hashable {
    case statement(BaseExpression)
    case and([BaseFilter])
    case or([BaseFilter])
    /// True when none of its filters is.
    case not([BaseFilter])
}

/// A property a view names: `note.status` (or bare `status`), `file.name`, `formula.price`.
public enum BasePropertyKey: Sendable, Hashable, CustomStringConvertible {
    case note(String)
    case file(String)
    case formula(String)

    public init(_ text: String) {
        if text.hasPrefix("note.") {
            self = .note(String(text.dropFirst(5)))
        } else if text.hasPrefix("file.") {
            self = .file(String(text.dropFirst(5)))
        } else if text.hasPrefix("formula.") {
            self = .formula(String(text.dropFirst(8)))
        } else {
            self = .note(text)
        }
    }

    public var description: String {
        switch self {
        case .note(let name): "note.\(name)"
        case .file(let name): "file.\(name)"
        case .formula(let name): "formula.\(name)"
        }
    }
}

/// A sort key or a grouping: a property and a direction.
public struct BaseSort: Sendable, Hashable {
    public var property: BasePropertyKey
    public var descending: Bool

    public init(property: BasePropertyKey, descending: Bool = false) {
        self.property = property
        self.descending = descending
    }
}

/// One view of a base.
public struct BaseView: Sendable, Hashable {
    public enum Layout: Sendable, Hashable {
        case table
        case cards
        case list
        case map
        /// A layout from a plugin, by its name.
        case other(String)
    }

    public var layout: Layout
    public var name: String
    public var filters: BaseFilter?
    /// The columns, in order; `file.name` alone when the view names none.
    public var order: [BasePropertyKey] = [.file("name")]
    public var sort: [BaseSort] = []
    public var groupBy: BaseSort?
    public var limit: Int?
    /// Which summary each column shows: a built-in name (`Average`) or a custom summary's.
    public var summaries: [BaseColumnSummary] = []
    /// The card picture's property (cards).
    public var image: BasePropertyKey?
    /// Other scalar settings as written (`cardSize`, `imageFit`, `rowHeight`...), for the renderer.
    public var settings: [String: String] = [:]
    public var location: SourceLocation

    public init(layout: Layout, name: String, location: SourceLocation) {
        self.layout = layout
        self.name = name
        self.location = location
    }
}

/// A column's summary in a view, with where it is written.
public struct BaseColumnSummary: Sendable, Hashable {
    public var property: BasePropertyKey
    public var summary: String
    public var location: SourceLocation
}
