import Foundation
import NoteModel

extension ParsedNote {
    /// The front matter `description`, else the plain text of the note's first paragraph that has
    /// words (a paragraph of images only is skipped), cut at a word near `limit` characters. For
    /// `<meta name="description">`, Open Graph and the feed's summaries.
    func summary(limit: Int) -> String {
        if let description = document.frontMatter?.description, !description.isEmpty {
            return description
        }
        let first = document.blocks.first { block in
            guard case .paragraph = block.kind, let content = block.content else { return false }
            return content.string.unicodeScalars.contains {
                $0 != "\u{FFFC}" && !CharacterSet.whitespacesAndNewlines.contains($0)
            }
        }
        let text = first?.content.map { document.plainText(of: $0) } ?? ""
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return Backlinks.excerpt(words, limit: limit)
    }
}
