import ImagePipeline
import NoteHTML
import NoteModel

/// The HTML of one inlined image, and of the placeholder for one that could not be used.
enum PageRendering {
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
