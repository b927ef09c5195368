/// Inline content: one string plus runs over it, in the spirit of NSAttributedString.
///
/// Each run carries its innermost ``InlineSpan`` (by index into ``spans``); a span knows its parent,
/// so a run's ordered stack of spans is the chain from its innermost span outwards. Spans have
/// identity (their index), so `[a](x)[b](x)` stays two links and `****foo****` two strong spans.
public struct AttributedText: Sendable, Hashable, Codable {
    public var string: String
    /// Runs covering `string` from start to end, in order. A run may be empty (an empty link).
    public var runs: [TextRun]
    /// Every span, in the order it opens; a span's index is its identity.
    public var spans: [InlineSpan]

    public init(string: String = "", runs: [TextRun] = [], spans: [InlineSpan] = []) {
        self.string = string
        self.runs = runs
        self.spans = spans
    }

    public var isEmpty: Bool { runs.isEmpty }

    /// The spans of a run, outermost first.
    public func spanStack(of run: TextRun) -> [Int] {
        var stack: [Int] = []
        var next = run.span
        while let id = next, spans.indices.contains(id) {
            stack.append(id)
            next = parent(of: id)
        }
        return stack.reversed()
    }

    /// A span's parent. A parent always opens before its child, so a parent index that is not
    /// smaller (only possible in a hand-made or corrupt model) is ignored rather than looped on.
    public func parent(of id: Int) -> Int? {
        guard spans.indices.contains(id), let parent = spans[id].parent, parent >= 0, parent < id else {
            return nil
        }
        return parent
    }
}
