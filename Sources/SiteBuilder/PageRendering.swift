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
                    return imageTag(rendition, alt: alt, title: image.title)
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

    static func imageTag(_ rendition: ImageRendition, alt: String, title: String) -> String {
        var tag = "<img class=\"notesite-image\" src=\"\(rendition.dataURI)\""
        tag += " width=\"\(rendition.cssWidth)\" height=\"\(rendition.cssHeight)\""
        tag += " alt=\"\(alt.htmlEscaped)\""
        if !title.isEmpty { tag += " title=\"\(title.htmlEscaped)\"" }
        tag += " decoding=\"async\" tabindex=\"0\">"
        return tag
    }

    static func missing(_ destination: String) -> String {
        "<span class=\"notesite-missing\">missing image: \(destination.htmlEscaped)</span>"
    }
}
