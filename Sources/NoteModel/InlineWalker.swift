/// Visits an ``AttributedText`` in order: spans open and close around their content, outermost
/// first. Walking keeps an explicit stack, so 10,000 nested spans do not touch the call stack.
public protocol InlineWalker {
    mutating func enterSpan(_ span: InlineSpan, id: Int)
    mutating func exitSpan(_ span: InlineSpan, id: Int)
    /// Text inside the innermost span `span` (nil at the top).
    mutating func visitText(_ text: Substring, span: Int?)
    /// An attachment run: `index` into ``NoteDocument/imageAttachments``.
    mutating func visitAttachment(_ index: Int, span: Int?)
}

extension AttributedText {
    /// Inlinable, so it is specialized for each walker in the walker's module (as the HTML writer's):
    /// generic, it called every walker method through its witness table and copied each span.
    @inlinable
    public func walk(_ walker: inout some InlineWalker) {
        // Plain text alone, as most headings and many paragraphs are: no span to open or close.
        if spans.isEmpty, runs.count == 1, runs[0].span == nil, runs[0].attachment == nil,
            runs[0].length == string.utf8.count
        {
            if runs[0].length > 0 { walker.visitText(string[...], span: nil) }
            return
        }
        // The open spans, outermost first: each the parent of the next, so their ids ascend and
        // whether a span is open is a binary search here (no flag per span allocated per text).
        var open: [Int] = []
        // Kept across runs: one buffer rather than an array made for every run.
        var toOpen: [Int] = []
        var position = string.startIndex
        let utf8 = string.utf8
        for run in runs {
            // Climb from the run's innermost span to the first one already open.
            toOpen.removeAll(keepingCapacity: true)
            var ancestor = run.span
            while let id = ancestor, spans.indices.contains(id), !Self.isOpen(id, in: open) {
                toOpen.append(id)
                ancestor = parent(of: id)
            }
            if let id = ancestor, !spans.indices.contains(id) { ancestor = nil }
            while let top = open.last, top != ancestor {
                open.removeLast()
                walker.exitSpan(spans[top], id: top)
            }
            for id in toOpen.reversed() {
                open.append(id)
                walker.enterSpan(spans[id], id: id)
            }
            let end =
                utf8.index(position, offsetBy: max(0, run.length), limitedBy: string.endIndex)
                ?? string.endIndex
            if let attachment = run.attachment {
                walker.visitAttachment(attachment, span: run.span)
            } else if end > position {
                walker.visitText(string[position..<end], span: run.span)
            }
            position = end
        }
        while let top = open.popLast() {
            walker.exitSpan(spans[top], id: top)
        }
    }

    @inlinable
    static func isOpen(_ id: Int, in open: [Int]) -> Bool {
        var low = 0
        var high = open.count
        while low < high {
            let middle = (low + high) / 2
            if open[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < open.count && open[low] == id
    }
}
