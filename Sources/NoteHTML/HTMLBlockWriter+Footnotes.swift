import NoteModel

/// cmark-gfm's HTML for footnote definitions: one `<section>` list at the end, each item with a
/// back-link per reference, inside its last paragraph when it ends with one.
extension HTMLBlockWriter {
    mutating func enterFootnote(label: String) {
        if !footnotesOpen {
            output.append("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
            footnotesOpen = true
        }
        footnoteIndex += 1
        output.append("<li id=\"")
        let start = output.bytes.count
        output.append("fn-")
        output.appendEscapedHref(label)
        output.idValues.append(start..<output.bytes.count)
        output.append("\">\n")
    }

    mutating func exitFootnote(label: String, references: Int) {
        if writeBackReferences(label: label, references: references) { output.append("\n") }
        output.append("</li>\n")
    }

    /// The back-links of the footnote being written, once.
    mutating func writeBackReferences(label: String, references: Int) -> Bool {
        guard writtenFootnoteIndex < footnoteIndex else { return false }
        writtenFootnoteIndex = footnoteIndex
        output.append("<a href=\"#fnref-")
        output.appendEscapedHref(label)
        output.append("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"")
        output.appendEscaped(footnoteBackLabel)
        output.append("\">↩</a>")
        if references > 1 {
            for occurrence in 2...references {
                output.append(" <a href=\"#fnref-")
                output.appendEscapedHref(label)
                output.appendRaw("-\(occurrence)\" class=\"footnote-backref\" data-footnote-backref")
                output.append(" aria-label=\"")
                output.appendEscaped(footnoteBackLabel)
                output.appendRaw("\">↩<sup class=\"footnote-ref\">\(occurrence)</sup></a>")
            }
        }
        return true
    }

    /// Before a paragraph closes: the back-links go inside when it is a footnote's last block.
    mutating func paragraphWillClose(index: Int, ancestors: [Int]) {
        guard let parent = ancestors.last,
            case .footnoteDefinition(let label, _, let references) = document.blocks[parent].kind
        else { return }
        let depth = document.blocks[index].depth
        let isLast = index + 1 >= document.blocks.count || document.blocks[index + 1].depth < depth
        guard isLast else { return }
        output.append(" ")
        _ = writeBackReferences(label: label, references: references)
    }
}
