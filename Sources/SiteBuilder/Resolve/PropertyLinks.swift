import NoteModel

extension LinkResolution {
    /// `related: "[[Other]]"` in the front matter: resolved and checked as a wikilink in the text
    /// is, and a backlink of the note it names, shown there as the property (`related: Other`).
    mutating func propertyLinks() {
        guard let links = note.document.frontMatter?.links, !links.isEmpty else { return }
        var linked: Set<String> = []
        for property in links {
            guard let target = resolveWikilink(property.link), target != note.path,
                linked.insert(target).inserted
            else { continue }
            let context = Backlinks.excerpt(property.key + ": " + property.link.displayText)
            resolved.outgoing.append(.init(target: target, context: context))
        }
    }
}
