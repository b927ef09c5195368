import NoteModel

extension AttributedText {
    /// The part of the text in a byte range, with the spans its runs need (renumbered, nesting kept).
    /// An empty run is kept when it starts inside the range.
    func slice(_ range: Range<Int>) -> AttributedText {
        var builder = AttributedText()
        var newID: [Int: Int] = [:]
        let bytes = Array(string.utf8)
        var offset = 0
        for run in runs {
            let start = offset
            let end = min(offset + max(0, run.length), bytes.count)
            offset = end
            let low = max(start, range.lowerBound)
            let high = min(end, range.upperBound)
            let keepsEmpty = start == end && start >= range.lowerBound && start < range.upperBound
            guard low < high || keepsEmpty else { continue }
            // Copy the run's span chain, outermost first, reusing spans already copied.
            var chain: [Int] = []
            var next = run.span
            while let id = next, spans.indices.contains(id), newID[id] == nil {
                chain.append(id)
                next = parent(of: id)
            }
            for id in chain.reversed() {
                var span = spans[id]
                span.parent = parent(of: id).flatMap { newID[$0] }
                newID[id] = builder.spans.count
                builder.spans.append(span)
            }
            let length = keepsEmpty ? 0 : high - low
            builder.runs.append(
                TextRun(length: length, span: run.span.flatMap { newID[$0] }, attachment: run.attachment))
            if length > 0 { builder.string += String(decoding: bytes[low..<high], as: UTF8.self) }
        }
        return builder
    }

    /// Byte ranges of the runs, in order.
    var runRanges: [Range<Int>] {
        var offset = 0
        return runs.map { run in
            defer { offset += max(0, run.length) }
            return offset..<offset + max(0, run.length)
        }
    }

    func kind(of run: TextRun) -> InlineKind? {
        run.span.flatMap { spans.indices.contains($0) ? spans[$0].kind : nil }
    }
}
