import ImagePipeline
import NoteHTML
import NoteModel

/// Writes a note's HTML body from its model: images inlined as `data:` URIs, links and wikilinks
/// pointed at pages, tags at tag pages, and embedded notes placed (a cycle is an error).
struct PageBody {
    let notes: [String: ParsedNote]
    let renditions: ImageRendering.Renditions
    let allowHTML: Bool
    let urls: URLStyle
    /// The page the HTML is for: an embedded note's links are made relative to it.
    let pagePath: String

    /// `embedding` lists the notes being placed, outermost first, to catch `A` embedding `B` embedding `A`.
    func html(for note: ParsedNote, section heading: String? = nil, embedding: [String] = [])
        -> (html: String, diagnostics: [Diagnostic])
    {
        var diagnostics: [Diagnostic] = []
        let linked = note.document.linkedImageIndices
        var writer = HTMLWriter(unsafe: allowHTML, tagFilter: true) { index, image, alt in
            imageHTML(
                index: index, image: image, alt: alt, in: note, linked: linked, diagnostics: &diagnostics)
        }
        // Links were resolved from the note's own page; an embedded note's are re-aimed at this page.
        let rebase = { (href: String) -> String in
            note.pagePath == pagePath || href.hasPrefix("#") ? href : rebased(href, from: note.pagePath)
        }
        writer.linkHook = { note.links.hrefs[$0].map(rebase) }
        writer.wikilinkHook = { target, fragment in
            note.links.wikiHrefs[NoteLinks.key(target, fragment)].map(rebase)
        }
        writer.tagHook = { tag in urls.href(from: pagePath, to: TagPages.pagePath(for: tag)) }
        writer.embedHook = { link in
            embedHTML(link, in: note, embedding: embedding + [note.path], diagnostics: &diagnostics)
        }
        let document = heading.map { note.document.section(under: $0) } ?? note.document
        return (writer.render(document), diagnostics)
    }

    private func imageHTML(
        index: Int, image: ImageAttachment, alt: String, in note: ParsedNote, linked: Set<Int>,
        diagnostics: inout [Diagnostic]
    ) -> String? {
        guard index < note.images.count else {
            diagnostics.append(.error("image '\(image.destination)' was not looked up", at: image.location))
            return PageRendering.missing(image.destination)
        }
        switch note.images[index] {
        case .remote:
            return nil
        case .unresolved:
            return PageRendering.missing(image.destination)
        case .file(let path):
            switch renditions[ImageRendering.Key(path: path, size: image.size)] {
            case .rendition(let rendition):
                let anchor = PageRendering.imageAnchor(
                    index: index, notePath: note.path, embedded: note.pagePath != pagePath, linked: linked)
                return PageRendering.imageTag(
                    rendition, alt: alt, title: image.title, anchor: anchor)
            case .failed(let error):
                let message = "cannot use image '\(image.destination)': \(error.reason)"
                diagnostics.append(.error(message, at: image.location))
                return PageRendering.missing(image.destination)
            case nil:
                diagnostics.append(
                    .error("image '\(image.destination)' was not processed", at: image.location))
                return PageRendering.missing(image.destination)
            }
        }
    }

    private func embedHTML(
        _ link: WikiLink, in note: ParsedNote, embedding: [String], diagnostics: inout [Diagnostic]
    ) -> String? {
        switch note.links.embeds[NoteLinks.key(link.target, link.fragment)] {
        case nil:
            return nil
        case .file(let path, let href):
            return EmbeddedFile.html(for: path, href: rebased(href, from: note.pagePath))
        case .note(let path, let heading):
            guard let target = notes[path] else { return nil }
            if embedding.contains(path) {
                let chain = (embedding + [path]).joined(separator: " -> ")
                diagnostics.append(.error("embed cycle: \(chain)", at: link.location))
                return nil
            }
            let (inner, problems) = html(for: target, section: heading, embedding: embedding)
            diagnostics += problems
            let href = urls.href(from: pagePath, to: target.pagePath)
            let title = heading.map { "\(target.title) > \($0)" } ?? target.title
            return "<div class=\"embed\" data-note=\"\(path.htmlEscaped)\">\n"
                + "<p class=\"embed-title\"><a href=\"\(href.htmlEscaped)\">\(title.htmlEscaped)</a></p>\n"
                + inner + "</div>\n"
        }
    }

    /// An href written for `source`'s page, re-aimed from this page.
    private func rebased(_ href: String, from source: String) -> String {
        if source == pagePath || href.contains("://") { return href }
        let (path, fragment) =
            href.firstIndex(of: "#").map { (String(href[..<$0]), String(href[$0...])) } ?? (href, "")
        // Undo the relative steps from the source page, then make it relative to this page.
        let absolute = Resolver.normalize(
            path, under: source.split(separator: "/").dropLast().joined(separator: "/"))
        guard let absolute else { return href }
        let target = path.hasSuffix("/") ? absolute + "/index.html" : absolute
        return urls.href(from: pagePath, to: target) + fragment
    }
}
