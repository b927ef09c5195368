import Foundation
import MarkdownReader
import NoteHTML
import NoteModel

/// notesite's side of each comparison: parse into the model, write HTML from the model.
enum Rendering {
    static func html(_ markdown: String, unsafe: Bool, smart: Bool = false, syntax: Syntax = .commonmark)
        -> String
    {
        let options = ReaderOptions(unsafe: unsafe, smart: smart, syntax: syntax)
        let document = MarkdownReader.read(markdown, options: options)
        return HTMLWriter(unsafe: unsafe, tagFilter: syntax.hasGFM).render(document)
    }

    static func roundTrip(_ document: NoteDocument) throws -> NoteDocument {
        let data = try JSONEncoder().encode(document)
        return try JSONDecoder().decode(NoteDocument.self, from: data)
    }

    /// Every attachment index referenced by an attachment run, in the order a reader meets them
    /// (pre-order: an image, then the images inside its alt).
    static func attachmentReferences(_ document: NoteDocument) -> [Int] {
        var found: [Int] = []
        var pending: [Int] = []
        for block in document.blocks {
            guard let content = block.content else { continue }
            pending = content.runs.compactMap(\.attachment).reversed()
            while let index = pending.popLast() {
                found.append(index)
                guard document.imageAttachments.indices.contains(index) else { continue }
                pending.append(
                    contentsOf: document.imageAttachments[index].alt.runs.compactMap(\.attachment).reversed())
            }
        }
        return found
    }
}
