// STUB (skeleton): the template helper replaces this with the Mustache engine.

/// A value a template can read.
public indirect enum TemplateValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([TemplateValue])
    case object([String: TemplateValue])
}

public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    public var template: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(template: String, line: Int, column: Int, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(template):\(line):\(column): error: \(message)" }
}

/// A set of named templates that can include each other as partials.
public struct TemplateLibrary: Sendable {
    /// Parses every template; the first syntax error is thrown, naming its template, line and column.
    public init(sources: [String: String]) throws(TemplateError) {}

    /// Renders the named template; a missing partial renders as nothing, as the spec says.
    public func render(_ name: String, with context: TemplateValue) throws(TemplateError) -> String {
        ""
    }
}
