/// Builds an ``AttributedText`` in document order: open a span, append its content, close it.
public struct AttributedTextBuilder: Sendable {
    /// The runs and spans so far; the string is kept as UTF-8 bytes and made once, by ``finish()``
    /// (appending to a `String` piece by piece cost more than all else the builder does).
    private var parts = AttributedText()
    @usableFromInline var utf8: [UInt8] = []
    /// The innermost open span; the others are its ancestors (an array of them, made per leaf
    /// block, cost more than the spans).
    private var current: Int?

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
    public var currentSpan: Int? { current }

    /// The spans opened so far.
    public var spans: [InlineSpan] { parts.spans }

    /// Whether the innermost open span is a highlight, read in place (``spans`` and its
    /// subscript copied the whole span for it).
    public var isInsideHighlight: Bool {
        guard let id = current, parts.spans.indices.contains(id) else { return false }
        if case .highlight = parts.spans[id].kind { return true }
        return false
    }

    /// The text so far (its string made anew on each call: prefer ``spans`` while building).
    public var text: AttributedText {
        var text = parts
        text.string = String(decoding: utf8, as: UTF8.self)
        return text
    }

    /// Opens a span inside the current one and returns its identity.
    @discardableResult
    public mutating func openSpan(_ kind: consuming InlineKind, range: SourceRange? = nil) -> Int {
        let id = parts.spans.count
        parts.spans.append(InlineSpan(kind, parent: current, range: range))
        current = id
        return id
    }

    /// Closes the innermost span; an empty one keeps a zero-length run so it is not lost.
    public mutating func closeSpan() {
        guard let id = current else { return }
        guard parts.spans.indices.contains(id) else {
            current = nil
            return
        }
        // Runs made since the span opened are in it or in spans opened later (larger indices);
        // runs from before are outside any span or in one opened earlier.
        if (parts.runs.last?.span).map({ $0 < id }) ?? true {
            parts.runs.append(TextRun(length: 0, span: id))
        }
        current = parts.spans[id].parent
    }

    /// Appends plain text inside the current span, extending the last run when it has the same span.
    public mutating func appendText(_ string: String) {
        let length = string.utf8.count
        guard length > 0 else { return }
        // A string's UTF-8 view copies its bytes at once.
        utf8.append(contentsOf: string.utf8)
        extendRun(by: length)
    }

    /// Appends plain text given as UTF-8 bytes (valid UTF-8, as cmark's literals are), with no
    /// `String` made for it. Inlinable, so contiguous bytes are copied at once, not byte by byte.
    @inlinable
    public mutating func appendText(utf8 bytes: some Collection<UInt8>) {
        let count = bytes.count
        guard count > 0 else { return }
        utf8.append(contentsOf: bytes)
        extendRun(by: count)
    }

    @usableFromInline
    mutating func extendRun(by length: Int) {
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
        while current != nil { closeSpan() }
        parts.string = String(decoding: utf8, as: UTF8.self)
        return parts
    }
}
