import NoteModel

extension HTMLBlockWriter {
    /// ` id="..."` for a block with an anchor (notes syntax), else nothing.
    func idAttribute(_ block: Block) -> String {
        guard let anchor = block.anchor else { return "" }
        var attribute = HTMLOutput()
        attribute.append(" id=\"")
        attribute.appendEscaped(anchor)
        attribute.append("\"")
        return String(decoding: attribute.bytes, as: UTF8.self)
    }

    /// A callout: a `<div>` (or `<details>` when foldable) with a title and a content `<div>`.
    mutating func enterCallout(_ block: Block, type: String, fold: CalloutFold?) {
        output.newlineIfNeeded()
        output.append(
            fold == nil
                ? "<div class=\"callout\" data-callout=\"" : "<details class=\"callout\" data-callout=\"")
        output.appendEscaped(type)
        output.append("\"")
        if fold == .open { output.append(" open") }
        output.append(idAttribute(block))
        output.append(
            fold == nil ? ">\n<div class=\"callout-title\">" : ">\n<summary class=\"callout-title\">")
        if let title = block.content, !title.isEmpty {
            writeInlines(title)
        } else {
            output.appendEscaped(type.prefix(1).uppercased() + type.dropFirst())
        }
        output.append(fold == nil ? "</div>\n" : "</summary>\n")
        output.append("<div class=\"callout-content\">\n")
    }

    /// Display math, verbatim for MathJax or KaTeX: `<div class="math display">\[...\]</div>`.
    mutating func writeMath(_ block: Block, literal: String) {
        output.newlineIfNeeded()
        output.append("<div class=\"math display\"\(idAttribute(block))>\\[")
        output.appendEscaped(literal)
        output.append("\\]</div>\n")
    }
}
