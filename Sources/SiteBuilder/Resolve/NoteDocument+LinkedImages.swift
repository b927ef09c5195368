import NoteModel

extension NoteDocument {
    /// The images (indices into ``imageAttachments``) inside one of the author's links, such as
    /// `[![badge](badge.png)](https://ci.example)`. Their markup must not add the preview's own
    /// link: links cannot nest, and the browser would end the author's link at the image.
    var linkedImageIndices: Set<Int> {
        var finder = LinkedImageFinder()
        if imageAttachments.isEmpty { return [] }
        for block in blocks {
            block.content?.walk(&finder)
        }
        return finder.found
    }
}

private struct LinkedImageFinder: InlineWalker {
    var depth = 0
    var found: Set<Int> = []

    mutating func enterSpan(_ span: InlineSpan, id: Int) {
        if Self.isLink(span.kind) { depth += 1 }
    }

    mutating func exitSpan(_ span: InlineSpan, id: Int) {
        if Self.isLink(span.kind) { depth -= 1 }
    }

    /// Spans written as `<a>`: Markdown links and wikilinks (`[[Note|![icon](icon.png)]]`).
    static func isLink(_ kind: InlineKind) -> Bool {
        switch kind {
        case .link, .wikilink: true
        default: false
        }
    }

    mutating func visitText(_ text: Substring, span: Int?) {}

    mutating func visitAttachment(_ index: Int, span: Int?) {
        if depth > 0 { found.insert(index) }
    }
}
