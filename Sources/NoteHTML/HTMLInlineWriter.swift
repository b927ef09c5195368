import NoteModel

/// Writes inline content as cmark's HTML renderer does.
struct HTMLInlineWriter: InlineWalker {
    var text: AttributedText
    let document: NoteDocument
    let unsafe: Bool
    let imageHook: HTMLWriter.ImageHook?
    let linkHook: HTMLWriter.LinkHook?
    let notes: ObsidianHooks
    var tagFilter = false
    /// Raw HTML written as the author's, marked for a sanitizer (``HTMLWriter/marksAuthoredHTML``).
    var marksAuthored = false
    var output = HTMLOutput()
    /// An embed written whole by its hook: its text is not written.
    var hiddenSpan: Int?
    /// Images made of `<img>` tags, by the raw HTML span holding them (Obsidian syntax).
    var rawHTMLImages: [Int: [Int]] = [:]

    /// The span is read from ``text`` (the text being walked) in place, by its id: the walk's copy
    /// of it, unused, is then not made (a copy and a destroy of every span showed in every page).
    mutating func enterSpan(_: InlineSpan, id: Int) {
        guard text.spans.indices.contains(id) else { return }
        switch text.spans[id].kind {
        case .emphasis: output.append("<em>")
        case .strong: output.append("<strong>")
        case .code: output.append("<code>")
        case .link(let written, let title):
            let destination = linkHook?(written) ?? written
            output.append("<a href=\"")
            if unsafe || !URLSafety.isDangerous(destination) {
                output.appendEscapedHref(destination)
            }
            if !title.isEmpty {
                output.append("\" title=\"")
                output.appendEscaped(title)
            }
            output.append("\">")
        case .html:
            // Omitted HTML that is only an image shows the image (see visitAttachment).
            if !unsafe && !marksAuthored && rawHTMLImages[id] == nil {
                output.append("<!-- raw HTML omitted -->")
            }
        case .lineBreak: output.append("<br />\n")
        case .softBreak: break
        case .strikethrough: output.append("<del>")
        case .footnoteReference(let label, let number, let occurrence):
            output.append("<sup class=\"footnote-ref\"><a href=\"#fn-")
            output.appendEscapedHref(label)
            output.append("\" id=\"")
            let start = output.bytes.count
            output.append("fnref-")
            output.appendEscapedHref(label)
            if occurrence > 1 { output.appendRaw("-\(occurrence)") }
            output.idValues.append(start..<output.bytes.count)
            output.appendRaw("\" data-footnote-ref>\(number)</a></sup>")
        case .wikilink, .embed, .highlight, .tag, .math: enterObsidianSpan(id: id)
        }
    }

    mutating func exitSpan(_: InlineSpan, id: Int) {
        guard text.spans.indices.contains(id) else { return }
        switch text.spans[id].kind {
        case .emphasis: output.append("</em>")
        case .strong: output.append("</strong>")
        case .code: output.append("</code>")
        case .link: output.append("</a>")
        case .strikethrough: output.append("</del>")
        case .html, .lineBreak, .softBreak, .footnoteReference: break
        case .wikilink, .embed, .highlight, .tag, .math: exitObsidianSpan(id: id)
        }
    }

    /// Text outside raw HTML is escaped from its bytes; raw HTML, which may hold images to
    /// splice, is handled as a Substring.
    mutating func visitText(utf8: Span<UInt8>, span: Int?, text substring: () -> Substring) {
        guard hiddenSpan == nil else { return }
        guard let span, text.spans.indices.contains(span) else {
            output.appendEscaped(utf8)
            return
        }
        switch text.spans[span].kind {
        case .html: visitText(substring(), span: span)
        case .lineBreak, .footnoteReference: break
        case .softBreak: output.append("\n")
        default: output.appendEscaped(utf8)
        }
    }

    mutating func visitText(_ string: Substring, span: Int?) {
        guard hiddenSpan == nil else { return }
        guard let span, text.spans.indices.contains(span) else {
            output.appendEscaped(string)
            return
        }
        // Switched on in place: binding the kind copied it (and its strings) for every text.
        switch text.spans[span].kind {
        case .html:
            if marksAuthored {
                document.appendAuthored(
                    string, images: rawHTMLImages[span] ?? [], hook: imageHook, to: &output)
                break
            }
            guard self.unsafe else { break }
            let html = rawHTMLImages[span].map {
                document.splicingImages(into: string, images: $0, hook: imageHook)
            }
            if tagFilter {
                output.appendTagFilteredInline(html ?? String(string))
            } else if let html {
                output.appendRaw(html)
            } else {
                output.appendRaw(string)
            }
        case .lineBreak, .footnoteReference: break
        case .softBreak: output.append("\n")
        default: output.appendEscaped(string)
        }
    }

    mutating func visitAttachment(_ index: Int, span: Int?) {
        guard hiddenSpan == nil, document.imageAttachments.indices.contains(index) else { return }
        let image = document.imageAttachments[index]
        // Kept raw HTML already holds the image, in place of its tag.
        if self.unsafe || marksAuthored, let span, rawHTMLImages[span] != nil { return }
        let alt = document.altText(ofImage: index)
        if let hook = imageHook, let html = hook(index, image, alt) {
            output.appendRaw(html)
            return
        }
        output.append("<img src=\"")
        if unsafe || !URLSafety.isDangerous(image.destination) {
            output.appendEscapedHref(image.destination)
        }
        output.append("\" alt=\"")
        output.appendEscaped(alt)
        if !image.title.isEmpty {
            output.append("\" title=\"")
            output.appendEscaped(image.title)
        }
        output.append("\"")
        appendSize(image.size)
        output.append(" />")
    }
}
