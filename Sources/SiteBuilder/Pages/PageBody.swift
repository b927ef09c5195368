import ImagePipeline
import NoteHTML
import NoteModel

/// Writes a note's HTML body from its model: images inlined as `data:` URIs, links and wikilinks
/// pointed at pages, tags at tag pages, and embedded notes placed (a cycle is an error).
struct PageBody {
    let notes: [String: ParsedNote]
    let renditions: ImageRendering.Renditions
    var publishing = ImagePublishing()
    let allowHTML: Bool
    let urls: URLStyle
    /// The page the HTML is for: an embedded note's links are made relative to it.
    let pagePath: String

    /// `embedding` lists the notes being placed, outermost first, to catch `A` embedding `B` embedding `A`.
    /// `inlined` lists every image the HTML carries as a `data:` URI, embedded notes' too.
    func html(for note: ParsedNote, section heading: String? = nil, embedding: [String] = [])
        -> (html: String, diagnostics: [Diagnostic], inlined: [InlinedImage])
    {
        var diagnostics: [Diagnostic] = []
        var inlined: [InlinedImage] = []
        let linked = note.document.linkedImageIndices
        var writer = HTMLWriter(unsafe: allowHTML, tagFilter: true) { index, image, alt in
            imageHTML(
                index: index, image: image, alt: alt, in: note, linked: linked, diagnostics: &diagnostics,
                inlined: &inlined)
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
            embedHTML(
                link, in: note, embedding: embedding + [note.path], diagnostics: &diagnostics,
                inlined: &inlined)
        }
        var document = heading.map { note.document.section(under: $0) } ?? note.document
        if allowHTML && !note.htmlImages.isEmpty {
            var seen: [String: Int] = [:]
            document = document.rewritingHTML { literal in
                rewritingImages(
                    in: literal, of: note, seen: &seen, diagnostics: &diagnostics, inlined: &inlined)
            }
        }
        return (writer.render(document), diagnostics, inlined)
    }

    /// Where the page loads a rendition from: its `data:` URI (recorded in `inlined`), or its
    /// file relative to this page.
    private func source(
        of rendition: ImageRendition, named name: String, inlined: inout [InlinedImage]
    ) -> String {
        guard publishing.inlines(rendition) else {
            return urls.href(from: pagePath, to: ImagePublishing.path(of: rendition))
        }
        inlined.append(InlinedImage(name: name, bytes: ImagePublishing.inlinedBytes(rendition)))
        return rendition.dataURI
    }

    /// Raw HTML with each local `<img>` pointed at its rendition, like a Markdown image; remote and
    /// `data:` sources stay as written. `seen` counts each `src` so far, to report a problem at
    /// the place of the tag it belongs to.
    private func rewritingImages(
        in literal: String, of note: ParsedNote, seen: inout [String: Int], diagnostics: inout [Diagnostic],
        inlined: inout [InlinedImage]
    ) -> String {
        let tags = HTMLImageTag.all(in: literal)
        guard !tags.isEmpty else { return literal }
        let bytes = Array(literal.utf8)
        var output: [UInt8] = []
        var offset = 0
        for tag in tags {
            guard let written = tag.source, let target = note.htmlImageTargets[written] else { continue }
            let occurrence = seen[written, default: 0]
            seen[written] = occurrence + 1
            let places = note.htmlImages.filter { $0.source == written }
            let location = places.isEmpty ? nil : places[min(occurrence, places.count - 1)].location
            let replacement: String
            switch target {
            case .remote:
                continue
            case .unresolved:
                replacement = PageRendering.missing(written)
            case .file(let path):
                switch renditions[ImageRendering.Key(path: path, size: tag.requestedSize)] {
                case .rendition(let rendition):
                    var extra: [(String, String)] = []
                    if !tag.has("width") && !tag.has("height") {
                        extra = [("width", "\(rendition.cssWidth)"), ("height", "\(rendition.cssHeight)")]
                    }
                    extra.append(("decoding", "async"))
                    replacement = tag.rewritten(
                        source: source(of: rendition, named: written, inlined: &inlined), adding: extra)
                case .failed(let error):
                    diagnostics.append(.error("cannot use image '\(written)': \(error.reason)", at: location))
                    replacement = PageRendering.missing(written)
                case nil:
                    diagnostics.append(.error("image '\(written)' was not processed", at: location))
                    replacement = PageRendering.missing(written)
                }
            }
            output += bytes[offset..<tag.range.lowerBound]
            output += Array(replacement.utf8)
            offset = tag.range.upperBound
        }
        output += bytes[offset...]
        return String(decoding: output, as: UTF8.self)
    }

    private func imageHTML(
        index: Int, image: ImageAttachment, alt: String, in note: ParsedNote, linked: Set<Int>,
        diagnostics: inout [Diagnostic], inlined: inout [InlinedImage]
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
                let preview = publishing.preview(for: path, shown: rendition).map {
                    urls.href(from: pagePath, to: ImagePublishing.path(of: $0))
                }
                return PageRendering.imageTag(
                    rendition, source: source(of: rendition, named: image.destination, inlined: &inlined),
                    previewSource: preview, alt: alt, title: image.title, anchor: anchor)
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
        _ link: WikiLink, in note: ParsedNote, embedding: [String], diagnostics: inout [Diagnostic],
        inlined: inout [InlinedImage]
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
            let (inner, problems, images) = html(for: target, section: heading, embedding: embedding)
            diagnostics += problems
            inlined += images
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

/// One image a page carries inline, for the page budget warning.
struct InlinedImage: Sendable, Hashable {
    /// As the note wrote it.
    var name: String
    /// Its `data:` URI's length.
    var bytes: Int
}
