import HTMLText
import NoteModel

/// What the search index knows of one note: its title and page, how often each term occurs in
/// each field, how many terms each field has (for BM25's length normalisation), and the plain
/// text results show a snippet of. Made once per note and kept by `serve` until the note changes.
/// Body text is paragraphs, list items, quotes and table cells (headings are their own field).
/// A class: `serve` hands every note's document through the cache on each save, and a copy of
/// the struct was seven retains.
public final class SearchDocument: Sendable, Hashable {
    /// The fields in ranking order: a match in an earlier field ranks above one in a later field.
    enum Field: Int, CaseIterable, Sendable {
        case title, headings, tags, text
    }

    /// One distinct term of the note and its count in each field (in `Field` order).
    struct Entry: Sendable, Hashable {
        let term: String
        /// The term's bytes hashed (``HashedTerm``), for ``TermNumbers``.
        let hash: UInt64
        var counts: SIMD4<UInt32>
    }

    /// An entry as the document keeps it: its term's place in `termBytes`.
    struct CountedTerm: Sendable, Hashable {
        let start: Int32
        let length: Int32
        let hash: UInt64
        let counts: SIMD4<UInt32>
    }

    let title: String
    let url: String
    /// Every distinct term, in the order first met (deterministic: the note's own order), and
    /// the terms' bytes one after another.
    let counted: [CountedTerm]
    let termBytes: [UInt8]
    /// Per field, its number of terms.
    let lengths: [Int]
    /// The words of the note (headings included) for snippets, at most `SearchIndex.textLimit`
    /// bytes of UTF-8: they are only ever escaped into a shard.
    let text: [UInt8]
    /// The note's row of the index (`[title,url,` then the lengths) as JSON, made with the rest so
    /// that a rebuild in `serve` only joins the rows. (The text is escaped into its shard.)
    let row: String

    /// A document of the terms `counter` holds (the title's first) and this snippet text.
    init(title: String, url: String, counting counter: borrowing TermCounter, text: [UInt8]) {
        self.title = title
        self.url = url
        self.text = text
        (counted, termBytes) = counter.counted
        lengths = counter.lengths
        row = Self.row(title: title, url: url, lengths: lengths)
    }

    /// `[title,url,` then the lengths and `]`, written as bytes: the interpolated and joined
    /// Strings cost 9,000 instructions a note.
    static func row(title: String, url: String, lengths: [Int]) -> String {
        var row: [UInt8] = []
        row.reserveCapacity(title.utf8.count + url.utf8.count + 64)
        row.append(UInt8(ascii: "["))
        JSONString.append(title, to: &row)
        row.append(UInt8(ascii: ","))
        JSONString.append(url, to: &row)
        for length in lengths {
            row.append(UInt8(ascii: ","))
            appendDecimal(length, to: &row)
        }
        row.append(UInt8(ascii: "]"))
        return String(decoding: row, as: UTF8.self)
    }

    /// `value`'s decimal digits (a count: never negative).
    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        let start = out.count
        var rest = value.magnitude
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        if value < 0 { out.append(UInt8(ascii: "-")) }
        out[start...].reverse()
    }

    convenience init(
        title: String, url: String, headings: [String], tags: [String], body: String, text: String
    ) {
        var counter = TermCounter()
        counter.add(termsOf: title, field: .title)
        for heading in headings { counter.add(termsOf: heading, field: .headings) }
        for tag in tags { counter.add(termsOf: tag, field: .tags) }
        counter.add(termsOf: body, field: .text)
        self.init(title: title, url: url, counting: counter, text: Array(text.utf8))
    }

    /// The terms as Strings, with their counts (for tests).
    var entries: [Entry] {
        counted.map { entry in
            let start = Int(entry.start)
            let term = String(decoding: termBytes[start..<start + Int(entry.length)], as: UTF8.self)
            return Entry(term: term, hash: entry.hash, counts: entry.counts)
        }
    }

    /// The count of `term` in each field (for tests).
    func counts(of term: String) -> [Int] {
        guard let entry = entries.first(where: { $0.term == term }) else { return [0, 0, 0, 0] }
        return (0..<4).map { Int(entry.counts[$0]) }
    }

    /// The note's headings and body from its blocks' plain text, walked once into bytes that are
    /// tokenized where they lie.
    public convenience init(title: String, url: String, tags: [String], document: NoteDocument) {
        let words = NoteWords(document)
        // About one distinct term in 20 bytes of a note (the bench vault's notes).
        var counter = TermCounter(expectedTerms: words.body.count / 16)
        counter.add(termsOf: title, field: .title)
        words.forEachHeading { counter.add(termsOf: $0, field: .headings) }
        for tag in tags { counter.add(termsOf: tag, field: .tags) }
        counter.add(termsOf: words.body.span, field: .text)
        self.init(title: title, url: url, counting: counter, text: words.snippet)
    }

    public static func == (a: SearchDocument, b: SearchDocument) -> Bool {
        a === b
            || (a.title == b.title && a.url == b.url && a.counted == b.counted && a.termBytes == b.termBytes
                && a.lengths == b.lengths
                && a.text == b.text)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(url)
        hasher.combine(counted)
        hasher.combine(termBytes)
        hasher.combine(lengths)
        hasher.combine(text)
    }
}

extension TermCounter {
    /// Counts the terms of `text` in `field`. Never inlined: a function of its own, the tokenizer's
    /// loop keeps its pointers in registers and its loads inlined (inside the search index's
    /// whole per-note stage, neither was, 30 instructions a word).
    @inline(never)
    mutating func add(termsOf text: Span<UInt8>, field: SearchDocument.Field) {
        add(field: field.rawValue) { SearchTokenizer.forEachTerm(inUTF8: text, $0) }
    }

    mutating func add(termsOf text: String, field: SearchDocument.Field) {
        add(termsOf: text.utf8.span, field: field)
    }
}
