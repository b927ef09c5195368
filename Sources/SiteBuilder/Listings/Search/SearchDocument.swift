import NoteModel

/// What the search index knows of one note: its title and page, how often each term occurs in
/// each field, how many terms each field has (for BM25's length normalisation), and the plain
/// text results show a snippet of. Made once per note and kept by `serve` until the note changes.
struct SearchDocument: Sendable, Hashable {
    /// The fields in ranking order: a match in an earlier field ranks above one in a later field.
    enum Field: Int, CaseIterable, Sendable {
        case title, headings, tags, text
    }

    let title: String
    let url: String
    /// Per field (in `Field` order), each term's count.
    let counts: [[String: Int]]
    /// Per field, its number of terms.
    let lengths: [Int]
    /// The words of the note (headings included) for snippets, at most `SearchIndex.textLimit` bytes.
    let text: String

    init(title: String, url: String, headings: [String], tags: [String], body: String, text: String) {
        self.title = title
        self.url = url
        self.text = text
        let fields = [
            SearchTokenizer.terms(in: title), headings.flatMap(SearchTokenizer.terms(in:)),
            tags.flatMap(SearchTokenizer.terms(in:)), SearchTokenizer.terms(in: body),
        ]
        counts = fields.map { terms in terms.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
        lengths = fields.map(\.count)
    }

    init(_ note: ParsedNote) {
        self.init(
            title: note.title, url: note.pagePath, headings: note.document.headings.map(\.text),
            tags: note.source.tags, body: Self.body(of: note.document), text: SearchIndex.text(of: note))
    }

    /// Paragraphs, list items, quotes and table cells (not headings, which are their own field),
    /// at most `SearchIndex.indexLimit` bytes: a huge note cannot fill the vocabulary.
    static func body(of document: NoteDocument) -> String {
        var body = ""
        for block in document.blocks {
            guard let content = block.content else { continue }
            if case .heading = block.kind { continue }
            body += document.plainText(of: content)
            body += "\n"
            // Cut inside a word at worst; a cut character decodes as U+FFFD, which no term holds.
            if body.utf8.count > SearchIndex.indexLimit {
                return String(decoding: body.utf8.prefix(SearchIndex.indexLimit), as: UTF8.self)
            }
        }
        return body
    }
}
