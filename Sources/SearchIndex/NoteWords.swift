import NoteModel

/// A note's words as the search index reads them, from one walk of its blocks' plain text into
/// byte buffers: the headings, the body (paragraphs, list items, quotes, table cells, each ended
/// by a newline, at most `SearchIndex.indexLimit` bytes) and the snippet text.
struct NoteWords {
    /// The headings' plain text one after another; each ends where `headingEnds` says.
    let headings: [UInt8]
    let headingEnds: [Int]
    let body: [UInt8]
    /// The snippet text's UTF-8 bytes.
    let snippet: [UInt8]

    init(_ document: NoteDocument) {
        var headings: [UInt8] = []
        var headingEnds: [Int] = []
        var body: [UInt8] = []
        // Room for the blocks' text at once (images' alt text aside): grown as it came, the body
        // was copied and its new pages touched at each doubling.
        var sizes = (headings: 0, body: 0)
        for block in document.blocks {
            guard let content = block.content else { continue }
            if case .heading = block.kind {
                sizes.headings += content.string.utf8.count
            } else {
                sizes.body += content.string.utf8.count + 1
            }
        }
        headings.reserveCapacity(sizes.headings)
        body.reserveCapacity(min(sizes.body, 2 * SearchIndex.indexLimit))
        snippet = SnippetText.write { snippet in
            // Blocks past the body's limit, while the snippet still takes words.
            var rest: [UInt8] = []
            for block in document.blocks {
                guard let content = block.content else { continue }
                if case .heading = block.kind {
                    let start = headings.count
                    document.appendPlainText(of: content, to: &headings)
                    snippet.appendBlock(headings[start...])
                    headingEnds.append(headings.count)
                } else if body.count <= SearchIndex.indexLimit {
                    let start = body.count
                    document.appendPlainText(of: content, to: &body)
                    snippet.appendBlock(body[start...])
                    body.append(0x0A)
                } else if !snippet.isFull {
                    rest.removeAll(keepingCapacity: true)
                    document.appendPlainText(of: content, to: &rest)
                    snippet.appendBlock(rest[...])
                }
            }
        }
        // A huge note cannot fill the vocabulary. Cut inside a word at worst, and drop a cut
        // character's first bytes: they would end the word as U+FFFD does, which no term holds.
        if body.count > SearchIndex.indexLimit {
            var end = SearchIndex.indexLimit
            if body[end] & 0xC0 == 0x80 {
                while end > 0, body[end - 1] & 0xC0 == 0x80 { end -= 1 }
                if end > 0 { end -= 1 }
            }
            body.removeSubrange(end...)
        }
        self.headings = headings
        self.headingEnds = headingEnds
        self.body = body
    }

    /// Each heading's bytes, in order.
    func forEachHeading(_ body: (Span<UInt8>) -> Void) {
        let all = headings.span
        var start = 0
        for end in headingEnds {
            body(all.extracting(start..<end))
            start = end
        }
    }
}
