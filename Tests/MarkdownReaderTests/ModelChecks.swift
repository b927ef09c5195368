import Foundation
import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// The checks every parsed input must pass: lossless through Codable, and every image of cmark's
/// tree an attachment of the model, in the same pre-order, at the same source position.
enum ModelChecks {
    static func check(
        _ markdown: String, smart: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation
    )
        throws
    {
        let document = MarkdownReader.read(markdown, file: "note.md", options: ReaderOptions(smart: smart))
        let decoded = try Rendering.roundTrip(document)
        #expect(decoded == document, "model changed through JSON", sourceLocation: sourceLocation)
        #expect(decoded.hashValue == document.hashValue, sourceLocation: sourceLocation)
        for unsafe in [false, true] {
            let writer = HTMLWriter(unsafe: unsafe)
            #expect(
                writer.render(decoded) == writer.render(document), "unsafe: \(unsafe)",
                sourceLocation: sourceLocation)
        }
        // As many attachments as cmark has images, each at a `![` of the source, in source order
        // (pre-order is source order for the `!`). cmark's own inline positions can drift, so they
        // are not compared here; see HandWrittenDocumentTests.driftingLocations.
        let reported = CmarkReference.imagePositions(markdown, smart: smart)
        let lines = sourceLines(markdown)
        #expect(document.imageAttachments.count == reported.count, sourceLocation: sourceLocation)
        var previous = (line: 0, column: 0)
        for image in document.imageAttachments {
            let line = image.location?.line ?? 0
            let column = image.location?.column ?? 0
            #expect(
                startsImage(lines, line: line, column: column), "\(line):\(column) is not at `![`",
                sourceLocation: sourceLocation)
            #expect(previous < (line, column), "images out of source order", sourceLocation: sourceLocation)
            previous = (line, column)
        }
        #expect(
            Rendering.attachmentReferences(document) == Array(document.imageAttachments.indices),
            "attachment runs do not refer to each attachment once, in pre-order",
            sourceLocation: sourceLocation)
    }

    /// Source lines as bytes, ended by LF, CR LF or CR as cmark ends them.
    static func sourceLines(_ markdown: String) -> [[UInt8]] {
        var lines: [[UInt8]] = [[]]
        var previousCR = false
        for byte in markdown.utf8 {
            if byte == 10 && previousCR {
                previousCR = false
                continue
            }
            previousCR = byte == 13
            if byte == 10 || byte == 13 {
                lines.append([])
            } else {
                lines[lines.count - 1].append(byte)
            }
        }
        return lines
    }

    static func startsImage(_ lines: [[UInt8]], line: Int, column: Int) -> Bool {
        guard lines.indices.contains(line - 1) else { return false }
        let bytes = lines[line - 1]
        guard column >= 1, column < bytes.count else { return false }
        return bytes[column - 1] == UInt8(ascii: "!") && bytes[column] == UInt8(ascii: "[")
    }
}
