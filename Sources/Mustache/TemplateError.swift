/// A template problem with its place: prints as `name:line:col: error: message`.
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template's name in its library.
    public var template: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
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
