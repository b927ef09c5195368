import NoteModel

extension HTMLInlineWriter {
    mutating func enterNotesSpan(_ span: InlineSpan, id: Int) {
        guard hiddenSpan == nil else { return }
        switch span.kind {
        case .wikilink(let link):
            let href =
                notes.wikilink?(link.target, link.fragment)
                ?? NotesHooks.defaultHref(link.target, link.fragment)
            writeLinkStart(href, className: "internal-link")
        case .embed(let link):
            if let html = notes.embed?(link) {
                output.append(html)
                hiddenSpan = id
            } else {
                let href =
                    notes.wikilink?(link.target, link.fragment)
                    ?? NotesHooks.defaultHref(link.target, link.fragment)
                writeLinkStart(href, className: "internal-embed")
            }
        case .highlight:
            output.append("<mark>")
        case .tag(let name):
            if let href = notes.tag?(name) {
                writeLinkStart(href, className: "tag")
            } else {
                output.append("<span class=\"tag\">")
            }
        case .math(let display):
            output.append(display ? "<span class=\"math display\">\\[" : "<span class=\"math inline\">\\(")
        default:
            break
        }
    }

    mutating func exitNotesSpan(_ span: InlineSpan, id: Int) {
        if let hidden = hiddenSpan {
            if hidden == id { hiddenSpan = nil }
            return
        }
        switch span.kind {
        case .wikilink, .embed: output.append("</a>")
        case .highlight: output.append("</mark>")
        case .tag(let name): output.append(notes.tag?(name) != nil ? "</a>" : "</span>")
        case .math(let display): output.append(display ? "\\]</span>" : "\\)</span>")
        default: break
        }
    }

    /// ` width="300" height="200"` for an embed's size (CommonMark images have none).
    mutating func appendSize(_ size: ImageSize?) {
        if let width = size?.width { output.append(" width=\"\(width)\"") }
        if let height = size?.height { output.append(" height=\"\(height)\"") }
    }

    private mutating func writeLinkStart(_ href: String, className: String) {
        output.append("<a href=\"")
        if unsafe || !URLSafety.isDangerous(href) { output.appendEscapedHref(href) }
        output.append("\" class=\"\(className)\">")
    }
}
