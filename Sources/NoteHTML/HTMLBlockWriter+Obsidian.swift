import NoteModel

extension HTMLBlockWriter {
    /// `start`, then ` id="..."` for a block with an anchor (Obsidian syntax), then `end`: written in
    /// place, where a string made per block for the attribute showed in every page.
    mutating func appendTag(_ start: StaticString, _ anchor: String?, _ end: StaticString) {
        output.append(start)
        appendID(anchor)
        output.append(end)
    }

    mutating func appendID(_ anchor: String?) {
        guard let anchor else { return }
        output.appendID(anchor)
    }

    /// A callout: a `<div>` (or `<details>` when foldable) with a title and a content `<div>`.
    mutating func enterCallout(type: String, fold: CalloutFold?, title: AttributedText?, anchor: String?) {
        output.newlineIfNeeded()
        output.append(
            fold == nil
                ? "<div class=\"callout\" data-callout=\"" : "<details class=\"callout\" data-callout=\"")
        output.appendEscaped(type)
        output.append("\"")
        if fold == .open { output.append(" open") }
        appendID(anchor)
        output.append(
            fold == nil ? ">\n<div class=\"callout-title\">" : ">\n<summary class=\"callout-title\">")
        if let title, !title.isEmpty {
            writeInlines(title)
        } else {
            output.appendEscaped(type.prefix(1).uppercased() + type.dropFirst())
        }
        output.append(fold == nil ? "</div>\n" : "</summary>\n")
        output.append("<div class=\"callout-content\">\n")
    }

    /// A paragraph that is nothing but a note embed its hook places goes without `<p>` (the note's
    /// blocks inside a `<p>` would be invalid HTML); a block id (`![[Note]]^id`) goes on a `<div>`
    /// around it. Returns whether it was written so.
    mutating func writeBareEmbed(_ content: AttributedText?, anchor: String?, index: Int) -> Bool {
        guard let hook = notes.embed, let text = content, let link = soleEmbed(text),
            let html = hook(link)
        else { return false }
        output.newlineIfNeeded()
        let named = anchor != nil
        if named {
            appendTag("<div", anchor, ">")
            output.newlineIfNeeded()
        }
        output.appendRaw(html)
        output.newlineIfNeeded()
        if named { output.append("</div>\n") }
        bareEmbeds.insert(index)
        return true
    }

    /// The embed when the text is one embed span and spaces.
    private func soleEmbed(_ text: AttributedText) -> WikiLink? {
        // Most paragraphs hold no embed at all: told from their few spans, not by walking the runs.
        guard text.spans.contains(where: \.isEmbed) else { return nil }
        var found: (id: Int, link: WikiLink)?
        var offset = text.string.utf8.startIndex
        for run in text.runs {
            let end =
                text.string.utf8.index(
                    offset, offsetBy: max(0, run.length), limitedBy: text.string.utf8.endIndex)
                ?? text.string.utf8.endIndex
            defer { offset = end }
            guard let id = run.span, text.spans.indices.contains(id) else {
                if run.attachment != nil
                    || !text.string.utf8[offset..<end].allSatisfy({ $0 == 32 || $0 == 9 })
                {
                    return nil
                }
                continue
            }
            guard case .embed(let link) = text.spans[id].kind, found == nil || found?.id == id else {
                return nil
            }
            found = (id, link)
        }
        return found?.link
    }

    /// Display math, verbatim for MathJax or KaTeX: `<div class="math display">\[...\]</div>`.
    mutating func writeMath(_ literal: String, anchor: String?) {
        output.newlineIfNeeded()
        output.features.math = true
        appendTag("<div class=\"math display\"", anchor, ">\\[")
        output.appendEscaped(literal)
        output.append("\\]</div>\n")
    }
}

extension InlineSpan {
    /// Whether the span is a note embed (`![[...]]`).
    fileprivate var isEmbed: Bool {
        if case .embed = kind { return true }
        return false
    }
}
