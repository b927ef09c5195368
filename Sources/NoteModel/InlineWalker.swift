/// Visits an ``AttributedText`` in order: spans open and close around their content, outermost
/// first. Walking keeps an explicit stack, so 10,000 nested spans do not touch the call stack.
public protocol InlineWalker {
    mutating func enterSpan(_ span: InlineSpan, id: Int)
    mutating func exitSpan(_ span: InlineSpan, id: Int)
    /// Text inside the innermost span `span` (nil at the top).
    mutating func visitText(_ text: Substring, span: Int?)
    /// The same text as its UTF-8 bytes, lent for the call; `text()` makes the Substring. A
    /// walker that copies or escapes bytes implements this one: a Substring made for every run,
    /// its ends checked against the string's scalars, cost more than escaping it.
    mutating func visitText(utf8: Span<UInt8>, span: Int?, text: () -> Substring)
    /// An attachment run: `index` into ``NoteDocument/imageAttachments``.
    mutating func visitAttachment(_ index: Int, span: Int?)
}

extension InlineWalker {
    @inlinable
    public mutating func visitText(utf8: Span<UInt8>, span: Int?, text: () -> Substring) {
        visitText(text(), span: span)
    }
}

extension AttributedText {
    /// Inlinable, so it is specialized for each walker in the walker's module (as the HTML writer's):
    /// generic, it called every walker method through its witness table and copied each span.
    @inlinable
    public func walk(_ walker: inout some InlineWalker) {
        // The string's bytes and the spans are read in place, through spans of their storage.
        walk(&walker, utf8: string.utf8.span, spans: spans.span)
    }

    @inlinable
    func walk(_ walker: inout some InlineWalker, utf8: Span<UInt8>, spans: Span<InlineSpan>) {
        // Plain text alone, as most headings and many paragraphs are: no span to open or close.
        if spans.isEmpty, runs.count == 1, runs[0].span == nil, runs[0].attachment == nil,
            runs[0].length == utf8.count
        {
            if !utf8.isEmpty { walker.visitText(utf8: utf8, span: nil) { string[...] } }
            return
        }
        // The open spans, outermost first: each the parent of the next, so their ids ascend and
        // whether a span is open is a binary search. Both stacks hold at most every span, and
        // live on the call stack when they are small (two arrays per text were 28,000 allocations
        // in a build of 1,086 notes).
        var open = SpanStack(capacity: spans.count)
        var toOpen = SpanStack(capacity: spans.count)
        var position = 0
        for run in runs {
            // Climb from the run's innermost span to the first one already open.
            toOpen.count = 0
            var ancestor = run.span
            while let id = ancestor, spans.indices.contains(id), !open.contains(id) {
                toOpen.push(id)
                ancestor = parent(of: id)
            }
            if let id = ancestor, !spans.indices.contains(id) { ancestor = nil }
            while let top = open.last, top != ancestor {
                open.count -= 1
                walker.exitSpan(spans[top], id: top)
            }
            while let id = toOpen.last {
                toOpen.count -= 1
                open.push(id)
                walker.enterSpan(spans[id], id: id)
            }
            let start = position
            let end = start + min(max(0, run.length), utf8.count - start)
            position = end
            if let attachment = run.attachment {
                walker.visitAttachment(attachment, span: run.span)
            } else if end > start {
                // As a Substring of the string would be: both ends rounded down to a scalar's
                // first byte (runs a builder made always start at one).
                let range = Self.scalarStart(start, in: utf8)..<Self.scalarStart(end, in: utf8)
                walker.visitText(utf8: utf8.extracting(range), span: run.span) {
                    let base = string.utf8
                    let from = base.index(base.startIndex, offsetBy: start)
                    return string[from..<base.index(from, offsetBy: end - start)]
                }
            }
        }
        while let top = open.last {
            open.count -= 1
            walker.exitSpan(spans[top], id: top)
        }
    }

    @inlinable
    static func scalarStart(_ offset: Int, in bytes: Span<UInt8>) -> Int {
        var offset = offset
        while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }
}

/// A stack of span ids: on the call stack up to ``inlineCapacity`` ids (nearly every text), in an
/// array past that; ids pushed on `open` ascend.
@usableFromInline
struct SpanStack {
    @usableFromInline static var inlineCapacity: Int { 16 }
    @usableFromInline var small = InlineArray<16, Int>(repeating: 0)
    @usableFromInline var large: [Int]
    @usableFromInline let isLarge: Bool
    @usableFromInline var count = 0

    @inlinable
    init(capacity: Int) {
        isLarge = capacity > Self.inlineCapacity
        large = isLarge ? Array(repeating: 0, count: capacity) : []
    }

    @inlinable
    subscript(index: Int) -> Int {
        get { isLarge ? large[index] : small[index] }
        set {
            if isLarge { large[index] = newValue } else { small[index] = newValue }
        }
    }

    @inlinable
    var last: Int? { count > 0 ? self[count - 1] : nil }

    @inlinable
    mutating func push(_ id: Int) {
        self[count] = id
        count += 1
    }

    /// Whether `id` is on the stack, by binary search: the open spans' ids ascend.
    @inlinable
    func contains(_ id: Int) -> Bool {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == id
    }
}
