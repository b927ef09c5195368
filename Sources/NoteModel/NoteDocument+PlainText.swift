/// A heading of a note, for tables of contents and link targets.
public struct HeadingSummary: Sendable, Hashable, Codable {
    public var level: Int
    public var text: String
    /// Where the heading starts (the file is the note's).
    public var start: LineColumn?
    /// The heading's HTML id (Obsidian's syntax), unique in the note.
    public var id: String?
}

extension NoteDocument {
    /// The plain text of the first level-1 heading, if any.
    public var title: String? {
        for block in blocks {
            if case .heading(level: 1) = block.kind {
                return plainText(of: block.content ?? AttributedText())
            }
        }
        return nil
    }

    /// Every heading in document order, as plain text.
    public var headings: [HeadingSummary] { headings(levels: 1...6) }

    /// The headings of these levels in document order, as plain text (only theirs is made).
    public func headings(levels: ClosedRange<Int>) -> [HeadingSummary] {
        blocks.compactMap { block in
            guard case .heading(let level) = block.kind, levels.contains(level) else { return nil }
            let text = plainText(of: block.content ?? AttributedText())
            return HeadingSummary(level: level, text: text, start: block.start, id: block.anchor)
        }
    }

    /// The plain text of an image's alt, as cmark writes it into `alt=""` (before escaping).
    public func altText(ofImage index: Int) -> String {
        guard imageAttachments.indices.contains(index) else { return "" }
        return plainText(of: imageAttachments[index].alt, inside: index)
    }

    /// Text as cmark's plain rendering has it: literals kept, breaks as spaces, images as their alt.
    /// `inside` is the attachment whose alt this is: only later attachments are followed, so a
    /// malformed (decoded) document with a cycle cannot loop.
    public func plainText(of text: AttributedText, inside: Int = -1) -> String {
        var out: [UInt8] = []
        appendPlainText(of: text, to: &out, inside: inside)
        return String(decoding: out, as: UTF8.self)
    }
}
