/// Builds an ``AttributedText`` in document order: open a span, append its content, close it.
public struct AttributedTextBuilder: Sendable {
    public private(set) var text = AttributedText()
    /// Open spans, innermost last, with the run count when each opened (to spot empty spans).
    private var open: [(id: Int, runsAtOpen: Int)] = []

    public init() {}

    /// The innermost open span.
    public var currentSpan: Int? { open.last?.id }

    /// Opens a span inside the current one and returns its identity.
    @discardableResult
    public mutating func openSpan(
        _ kind: InlineKind, attributes: [String: String] = [:], range: SourceRange? = nil
    ) -> Int {
        let id = text.spans.count
        text.spans.append(InlineSpan(kind, parent: currentSpan, attributes: attributes, range: range))
        open.append((id, text.runs.count))
        return id
    }

    /// Closes the innermost span; an empty one keeps a zero-length run so it is not lost.
    public mutating func closeSpan() {
        guard let last = open.popLast() else { return }
        if text.runs.count == last.runsAtOpen {
            text.runs.append(TextRun(length: 0, span: last.id))
        }
    }

    /// Appends plain text inside the current span, extending the last run when it has the same span.
    public mutating func appendText(_ string: String) {
        let length = string.utf8.count
        guard length > 0 else { return }
        text.string += string
        let span = currentSpan
        if let last = text.runs.last, last.attachment == nil, last.span == span, last.length > 0 {
            text.runs[text.runs.count - 1].length += length
        } else {
            text.runs.append(TextRun(length: length, span: span))
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
        text.string += marker
        text.runs.append(TextRun(length: marker.utf8.count, span: currentSpan, attachment: index))
    }

    /// Sets where a span is written (known once its closing delimiter is found).
    public mutating func setRange(_ range: SourceRange?, ofSpan id: Int) {
        guard text.spans.indices.contains(id) else { return }
        text.spans[id].range = range
    }

    /// Closes any span left open and returns the text.
    public mutating func finish() -> AttributedText {
        while !open.isEmpty { closeSpan() }
        return text
    }
}
