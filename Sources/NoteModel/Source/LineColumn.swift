/// A 1-based line and column (columns in UTF-8 bytes, as cmark counts) in a note whose file is
/// known from elsewhere: a block's start and end, without a file name copied into every block.
public struct LineColumn: Sendable, Hashable, Codable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    @inlinable
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The place, named by `file`.
    public func location(in file: String) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    public var description: String { "\(line):\(column)" }
}
