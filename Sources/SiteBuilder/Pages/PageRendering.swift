import Foundation
import HTMLText
import ImagePipeline
import NoteHTML
import NoteModel

/// The HTML of one inlined image, and of the placeholder for one that could not be used.
enum PageRendering {
    /// An image and its preview without JavaScript: the image links to its own wrapper, which the
    /// theme's CSS enlarges while it is the `:target`; a second link, shown only then, closes it by
    /// pointing at an id that does not exist (so the page does not scroll). The data URI appears
    /// once: the preview enlarges the same `<img>`. With JavaScript, preview.js takes the click.
    /// `anchor` is the wrapper's id (see ``imageAnchor(index:notePath:embedded:linked:)``); nil
    /// for an image inside the author's own link, which stays a bare `<img>`: links cannot nest,
    /// and the author's link wins.
    /// `source` is the data URI or the file's relative URL; `previewSource`, when set, is the larger
    /// rendition preview.js loads when the preview opens (without JavaScript, the same image is enlarged).
    static func imageTag(
        _ rendition: ImageRendition, source: String, previewSource: String? = nil, alt: String, title: String,
        anchor: String?, strings: InterfaceStrings
    ) -> String {
        var image =
            "<img class=\"notesite-image\" src=\"\(source.hasPrefix("data:") ? source : source.htmlEscaped)\""
        image += " width=\"\(rendition.cssWidth)\" height=\"\(rendition.cssHeight)\""
        image += " alt=\"\(alt.htmlEscaped)\""
        if !title.isEmpty { image += " title=\"\(title.htmlEscaped)\"" }
        if let previewSource { image += " data-preview-src=\"\(previewSource.htmlEscaped)\"" }
        image += " decoding=\"async\">"
        guard let id = anchor else { return image }
        var tag = "<span class=\"notesite-figure\" id=\"\(id)\">"
        // A link is named by its image's alt text; an image without one still needs a name.
        let enlarge = strings["enlarge_image"].htmlEscaped
        let name =
            alt.isEmpty ? " aria-label=\"\(enlarge)\(title.isEmpty ? "" : ": " + title.htmlEscaped)\"" : ""
        tag += "<a class=\"notesite-zoom\" href=\"#\(id)\"\(name)>" + image + "</a>"
        tag += "<a class=\"notesite-unzoom\" href=\"#\(id)-closed\" aria-label=\""
        tag += strings["close_preview"].htmlEscaped + "\">\u{00D7}</a>"
        tag += "</span>"
        return tag
    }

    /// The id of an image's preview wrapper, unique within its page: `notesite-image-3` for the
    /// note's own third image, `notesite-image-<note>-3` for one in an embedded note (whose images
    /// are numbered in that note). Nil when the image is inside one of the author's links.
    static func imageAnchor(index: Int, notePath: String, embedded: Bool, linked: Set<Int>) -> String? {
        if linked.contains(index) { return nil }
        guard embedded else { return "notesite-image-\(index + 1)" }
        let slug = notePath.lowercased().unicodeScalars.map {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII ? String($0) : "-"
        }.joined()
        return "notesite-image-\(slug)-\(index + 1)"
    }

    static func missing(_ destination: String, strings: InterfaceStrings) -> String {
        "<span class=\"notesite-missing\">\(strings.html("missing_image", ["path": destination.htmlEscaped]))</span>"
    }
}
