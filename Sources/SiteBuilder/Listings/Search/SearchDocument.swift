import NoteModel

/// What the search index knows of one note: its title and page, how often each term occurs in
/// each field, how many terms each field has (for BM25's length normalisation), and the plain
/// text results show a snippet of. Made once per note and kept by `serve` until the note changes.
/// Body text is paragraphs, list items, quotes and table cells (headings are their own field).
/// A class: `serve` hands every note's document through the cache on each save, and a copy of
/// the struct was seven retains.
final class SearchDocument: Sendable, Hashable {
    /// The fields in ranking order: a match in an earlier field ranks above one in a later field.
    enum Field: Int, CaseIterable, Sendable {
        case title, headings, tags, text
    }

    /// One distinct term of the note and its count in each field (in `Field` order).
    struct Entry: Sendable, Hashable {
        let term: String
        var counts: SIMD4<UInt32>
    }

    let title: String
    let url: String
    /// Every distinct term, in the order first met (deterministic: the note's own order).
    let entries: [Entry]
    /// Per field, its number of terms.
    let lengths: [Int]
    /// The words of the note (headings included) for snippets, at most `SearchIndex.textLimit` bytes.
    let text: String
    /// The note's row of the index (`[title,url,` then the lengths) and its text, as JSON, made
    /// with the rest so that a rebuild in `serve` only joins them.
    let row: String
    let textLiteral: String

    init(title: String, url: String, headings: [String], tags: [String], body: String, text: String) {
        self.title = title
        self.url = url
        self.text = text
        var counter = TermCounter()
        SearchTokenizer.forEachTerm(in: title) { counter.add($0, field: Field.title.rawValue) }
        for heading in headings {
            SearchTokenizer.forEachTerm(in: heading) { counter.add($0, field: Field.headings.rawValue) }
        }
        for tag in tags {
            SearchTokenizer.forEachTerm(in: tag) { counter.add($0, field: Field.tags.rawValue) }
        }
        SearchTokenizer.forEachTerm(in: body) { counter.add($0, field: Field.text.rawValue) }
        entries = counter.entries
        lengths = counter.lengths
        row =
            "[\(JSONString.literal(title)),\(JSONString.literal(url)),"
            + lengths.map(String.init).joined(separator: ",") + "]"
        textLiteral = JSONString.literal(text)
    }

    /// The count of `term` in each field (for tests).
    func counts(of term: String) -> [Int] {
        guard let entry = entries.first(where: { $0.term == term }) else { return [0, 0, 0, 0] }
        return (0..<4).map { Int(entry.counts[$0]) }
    }

    convenience init(_ note: ParsedNote) {
        // Each block's plain text made once, for the headings, the body and the snippet text.
        let document = note.document
        var headings: [String] = []
        var blocks: [String] = []
        var body = ""
        for block in document.blocks {
            guard let content = block.content else { continue }
            let plain = document.plainText(of: content)
            blocks.append(plain)
            if case .heading = block.kind {
                headings.append(plain)
            } else if body.utf8.count <= SearchIndex.indexLimit {
                body += plain
                body += "\n"
            }
        }
        // A huge note cannot fill the vocabulary. Cut inside a word at worst: a cut character
        // decodes as U+FFFD, which no term holds.
        if body.utf8.count > SearchIndex.indexLimit {
            body = String(decoding: body.utf8.prefix(SearchIndex.indexLimit), as: UTF8.self)
        }
        self.init(
            title: note.title, url: note.pagePath, headings: headings, tags: note.source.tags, body: body,
            text: SearchIndex.text(of: blocks))
    }

    static func == (a: SearchDocument, b: SearchDocument) -> Bool {
        a === b
            || (a.title == b.title && a.url == b.url && a.entries == b.entries && a.lengths == b.lengths
                && a.text == b.text)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(url)
        hasher.combine(entries)
        hasher.combine(lengths)
        hasher.combine(text)
    }
}
