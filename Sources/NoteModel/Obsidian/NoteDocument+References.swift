extension NoteDocument {
    /// Every wikilink and note embed in the note's text, in document order (image embeds are in
    /// ``imageAttachments``). For the site builder to resolve and check.
    public var wikilinks: [WikiLink] {
        var found: [WikiLink] = []
        for block in blocks {
            for span in block.content?.spans ?? [] {
                switch span.kind {
                case .wikilink(let link), .embed(let link): found.append(link)
                default: break
                }
            }
        }
        return found
    }

    /// The inline `#tags` of the text (without `#`), each once, in order of first use.
    public var inlineTags: [String] {
        var seen: Set<String> = []
        var found: [String] = []
        for index in blocks.indices {
            guard let spans = blocks[index].content?.spans else { continue }
            for span in spans.indices {
                if case .tag(let name) = spans[span].kind, seen.insert(name).inserted { found.append(name) }
            }
        }
        return found
    }
}
