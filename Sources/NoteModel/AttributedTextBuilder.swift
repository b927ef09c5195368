/// Builds an ``AttributedText`` in document order: open a span, append its content, close it.
public struct AttributedTextBuilder: Sendable {
    /// The runs and spans so far; the string is kept as UTF-8 bytes and made once, by ``finish()``
    /// (appending to a `String` piece by piece cost more than all else the builder does).
    private var parts = AttributedText()
    private var utf8: [UInt8] = []
    /// Open spans, innermost last, with the run count when each opened (to spot empty spans).
    private var open: [(id: Int, runsAtOpen: Int)] = []

    public init() {}

    /// A builder with room for `bytes` of text written on `lines` lines (a leaf block's source is a
    /// close bound): a run of text and a line break's span for each line. Growing the bytes and runs
    /// append by append was a third of what appending cost.
    public init(capacity bytes: Int, lines: Int = 1) {
        utf8.reserveCapacity(max(0, bytes))
        parts.runs.reserveCapacity(max(1, 2 * lines - 1))
        if lines > 1 { parts.spans.reserveCapacity(lines - 1) }
    }

    /// The innermost open span.
    public var currentSpan: Int? { open.last?.id }

    /// The spans opened so far.
    public var spans: [InlineSpan] { parts.spans }

    /// The text so far (its string made anew on each call: prefer ``spans`` while building).
    public var text: AttributedText {
        var text = parts
        text.string = String(decoding: utf8, as: UTF8.self)
        return text
    }

    /// Opens a span inside the current one and returns its identity.
    @discardableResult
    public mutating func openSpan(_ kind: InlineKind, range: SourceRange? = nil) -> Int {
        let id = parts.spans.count
        parts.spans.append(InlineSpan(kind, parent: currentSpan, range: range))
        open.append((id, parts.runs.count))
        return id
    }

    /// Closes the innermost span; an empty one keeps a zero-length run so it is not lost.
    public mutating func closeSpan() {
        guard let last = open.popLast() else { return }
        if parts.runs.count == last.runsAtOpen {
            parts.runs.append(TextRun(length: 0, span: last.id))
        }
    }

    /// Appends plain text inside the current span, extending the last run when it has the same span.
    public mutating func appendText(_ string: String) {
        let length = string.utf8.count
        guard length > 0 else { return }
        // A native string's bytes in one copy (the generic append went byte by byte).
        if string.utf8.withContiguousStorageIfAvailable({ utf8.append(contentsOf: $0) }) == nil {
            utf8.append(contentsOf: string.utf8)
        }
        extendRun(by: length)
    }

    /// Appends plain text given as UTF-8 bytes (valid UTF-8, as cmark's literals are), with no
    /// `String` made for it.
    public mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        utf8.append(contentsOf: bytes)
        extendRun(by: bytes.count)
    }

    private mutating func extendRun(by length: Int) {
        let span = currentSpan
        if let last = parts.runs.last, last.attachment == nil, last.span == span, last.length > 0 {
            parts.runs[parts.runs.count - 1].length += length
        } else {
            parts.runs.append(TextRun(length: length, span: span))
        }
    }

    /// Appends a leaf span (code, HTML, a break) covering `literal`.
    public mutating func appendLeaf(_ kind: InlineKind, literal: String, range: SourceRange? = nil) {
        openSpan(kind, range: range)
        appendText(literal)
        closeSpan()
    }

    /// Appends one U+FFFC carrying the attachment at `index` in the document's table.
    public mutating func appendAttachment(_ index: Int) {
        let marker = "\u{FFFC}"
        utf8.append(contentsOf: marker.utf8)
        parts.runs.append(TextRun(length: marker.utf8.count, span: currentSpan, attachment: index))
    }

    /// Sets where a span is written (known once its closing delimiter is found).
    public mutating func setRange(_ range: SourceRange?, ofSpan id: Int) {
        guard parts.spans.indices.contains(id) else { return }
        parts.spans[id].range = range
    }

    /// Closes any span left open and returns the text.
    public mutating func finish() -> AttributedText {
        while !open.isEmpty { closeSpan() }
        parts.string = String(decoding: utf8, as: UTF8.self)
        return parts
    }
}
