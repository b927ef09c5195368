/// How a highlighted block is laid out, from its fence: line numbers and marked lines.
public struct CodeOptions: Sendable, Hashable {
    /// Whether each line shows its number.
    public var lineNumbers = false
    /// The first line's number.
    public var firstLine = 1
    /// Lines marked (counted from 1 as written, whatever `firstLine` says, as Pygments counts them).
    public var markedLines: Set<Int> = []

    public init(lineNumbers: Bool = false, firstLine: Int = 1, markedLines: Set<Int> = []) {
        self.lineNumbers = lineNumbers
        self.firstLine = firstLine
        self.markedLines = markedLines
    }
}
