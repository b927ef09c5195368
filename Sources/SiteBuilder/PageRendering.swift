import ImagePipeline
import NoteHTML
import NoteModel

/// Writes a note's HTML body from its model, inlining every image as a `data:` URI.
enum PageRendering {
    struct Body {
        var html: String
        var diagnostics: [Diagnostic]
    }

    /// `allowHTML` keeps raw HTML and unusual URL schemes as written (cmark's unsafe mode).
    static func body(for note: ParsedNote, renditions: ImageRendering.Renditions, allowHTML: Bool) -> Body {
        var diagnostics: [Diagnostic] = []
        let linked = note.document.linkedImageIndices
        var writer = HTMLWriter(unsafe: allowHTML) { index, image, alt in
            guard index < note.images.count else {
                diagnostics.append(
                    .error("image '\(image.destination)' was not looked up", at: image.location))
                return missing(image.destination)
            }
            switch note.images[index] {
            case .remote:
                return nil
            case .unresolved:
                return missing(image.destination)
            case .file(let path):
                switch renditions[path] {
                case .rendition(let rendition):
                    return imageTag(
                        rendition, alt: alt, title: image.title, index: index, linked: linked.contains(index))
                case .failed(let error):
                    let message = "cannot use image '\(image.destination)': \(error.reason)"
                    diagnostics.append(.error(message, at: image.location))
                    return missing(image.destination)
                case nil:
                    diagnostics.append(
                        .error("image '\(image.destination)' was not processed", at: image.location))
                    return missing(image.destination)
                }
            }
        }
        writer.linkHook = { note.links.hrefs[$0] }
        let html = writer.render(note.document)
        return Body(html: html, diagnostics: diagnostics)
    }

    /// An image and its preview without JavaScript: the image links to its own wrapper, which the
    /// theme's CSS enlarges while it is the `:target`; a second link, shown only then, closes it by
    /// pointing at an id that does not exist (so the page does not scroll). The data URI appears
    /// once: the preview enlarges the same `<img>`. With JavaScript, preview.js takes the click.
    /// `index` (the image's place in its note) makes the id unique within the page. An image inside
    /// the author's own link (`linked`) stays a bare `<img>`: links cannot nest, and the author's
    /// link wins.
    static func imageTag(
        _ rendition: ImageRendition, alt: String, title: String, index: Int, linked: Bool = false
    ) -> String {
        var image = "<img class=\"notesite-image\" src=\"\(rendition.dataURI)\""
        image += " width=\"\(rendition.cssWidth)\" height=\"\(rendition.cssHeight)\""
        image += " alt=\"\(alt.htmlEscaped)\""
        if !title.isEmpty { image += " title=\"\(title.htmlEscaped)\"" }
        image += " decoding=\"async\">"
        if linked { return image }
        let id = "notesite-image-\(index + 1)"
        var tag = "<span class=\"notesite-figure\" id=\"\(id)\">"
        // A link is named by its image's alt text; an image without one still needs a name.
        let name =
            alt.isEmpty ? " aria-label=\"Enlarge image\(title.isEmpty ? "" : ": " + title.htmlEscaped)\"" : ""
        tag += "<a class=\"notesite-zoom\" href=\"#\(id)\"\(name)>" + image + "</a>"
        tag += "<a class=\"notesite-unzoom\" href=\"#\(id)-closed\" aria-label=\"Close preview\">\u{00D7}</a>"
        tag += "</span>"
        return tag
    }

    static func missing(_ destination: String) -> String {
        "<span class=\"notesite-missing\">missing image: \(destination.htmlEscaped)</span>"
    }
}
