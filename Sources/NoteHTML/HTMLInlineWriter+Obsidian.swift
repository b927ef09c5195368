import NoteModel

extension HTMLInlineWriter {
    /// `id`: a span of ``text``.
    mutating func enterObsidianSpan(id: Int) {
        guard hiddenSpan == nil else { return }
        switch text.spans[id].kind {
        case .wikilink(let link):
            writeWikilinkStart(link, className: "internal-link")
        case .embed(let link):
            if let html = notes.embed?(link) {
                output.appendRaw(html)
                hiddenSpan = id
            } else {
                writeWikilinkStart(link, className: "internal-embed")
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
            output.features.math = true
            output.append(display ? "<span class=\"math display\">\\[" : "<span class=\"math inline\">\\(")
        default:
            break
        }
    }

    mutating func exitObsidianSpan(id: Int) {
        if let hidden = hiddenSpan {
            if hidden == id { hiddenSpan = nil }
            return
        }
        switch text.spans[id].kind {
        case .wikilink, .embed: output.append("</a>")
        case .highlight: output.append("</mark>")
        case .tag(let name): output.append(notes.tag?(name) != nil ? "</a>" : "</span>")
        case .math(let display): output.append(display ? "\\]</span>" : "\\)</span>")
        default: break
        }
    }

    /// ` width="300" height="200"` for an embed's size (CommonMark images have none).
    mutating func appendSize(_ size: ImageSize?) {
        if let width = size?.width { output.appendRaw(" width=\"\(width)\"") }
        if let height = size?.height { output.appendRaw(" height=\"\(height)\"") }
    }

    /// With a hook that finds nothing, the link is broken: its text stays, marked, and leads nowhere.
    private mutating func writeWikilinkStart(_ link: WikiLink, className: String) {
        guard let hook = notes.wikilink else {
            writeLinkStart(ObsidianHooks.defaultHref(link.target, link.fragment), className: className)
            return
        }
        guard let href = hook(link.target, link.fragment) else {
            output.appendRaw("<a class=\"\(className) broken-link\">")
            return
        }
        writeLinkStart(href, className: className)
    }

    private mutating func writeLinkStart(_ href: String, className: String) {
        output.append("<a href=\"")
        if unsafe || !URLSafety.isDangerous(href) { output.appendEscapedHref(href) }
        output.appendRaw("\" class=\"\(className)\">")
    }
}
