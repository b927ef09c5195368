import MarkdownReader
import NoteModel

/// Reads a note and lists what its ranges cut out of the source, for range tests.
struct RangedNote {
    let source: [UInt8]
    let document: NoteDocument

    init(_ markdown: String, syntax: Syntax = .obsidian) {
        source = Array(markdown.utf8)
        document = MarkdownReader.read(markdown, file: "n.md", options: ReaderOptions(syntax: syntax))
    }

    func slice(_ range: SourceRange?) -> String? {
        guard let range, range.start.offset >= 0, range.end.offset <= source.count else { return nil }
        return String(decoding: source[range.offsets], as: UTF8.self)
    }

    /// Every inline span of every block, with the block, in document order.
    var spans: [(block: Int, text: AttributedText, id: Int, span: InlineSpan)] {
        var found: [(Int, AttributedText, Int, InlineSpan)] = []
        var texts: [(Int, AttributedText)] = document.blocks.enumerated().compactMap { index, block in
            block.content.map { (index, $0) }
        }
        texts += document.imageAttachments.map { (-1, $0.alt) }
        for (block, text) in texts {
            for (id, span) in text.spans.enumerated() { found.append((block, text, id, span)) }
        }
        return found
    }

    /// The source of every span whose kind matches, in order.
    func slices(_ matches: (InlineKind) -> Bool) -> [String] {
        spans.filter { matches($0.span.kind) }.map { slice($0.span.range) ?? "<none>" }
    }

    /// The source of every image attachment, in order.
    var imageSlices: [String] { document.imageAttachments.map { slice($0.range) ?? "<none>" } }

    /// The text a span covers in the model (its runs and those of spans inside it).
    static func coveredText(of id: Int, in text: AttributedText) -> String {
        var output = ""
        var offset = 0
        let bytes = Array(text.string.utf8)
        for run in text.runs {
            defer { offset += max(0, run.length) }
            guard run.attachment == nil, let innermost = run.span, text.spanStack(of: run).contains(id)
            else { continue }
            _ = innermost
            output += String(decoding: bytes[offset..<min(bytes.count, offset + run.length)], as: UTF8.self)
        }
        return output
    }
}
