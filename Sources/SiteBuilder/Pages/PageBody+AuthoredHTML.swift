import Foundation
import HTMLSanitizer
import NoteHTML
import NoteModel

/// The author's raw HTML on a page without `allow_html`: the writer's HTML and the author's are
/// read by the sanitizer as one fragment (so an element opened in one HTML block and closed in
/// another, with Markdown between, stays whole, and an unclosed one cannot reach past the note),
/// and what it removes is named in one warning per note.
extension PageBody {
    /// The sanitized HTML of `output`, when it holds the author's HTML; nil otherwise (the
    /// writer's HTML is the page's as it is).
    func sanitized(
        _ output: HTMLWriter.Output, of note: ResolvedNote, document: NoteDocument,
        rebase: (String) -> String,
        diagnostics: inout [Diagnostic]
    ) -> [UInt8]? {
        guard !allowHTML else { return nil }
        var removed = Self.imageHandlers(in: document)
        var html: [UInt8]?
        if !output.authored.isEmpty {
            var reserved = reservedIDs
            // The page's ids matter only to an authored `id`: most notes' HTML has none. The
            // writer says where its own ids are; only the hooks' HTML is read for theirs.
            if output.authored.contains(where: { Self.mayHoldID(output.html[$0]) }) {
                for range in output.ids {
                    reserved.insert(String(decoding: output.html[range], as: UTF8.self))
                }
                for range in output.hooked { Self.addIDs(in: output.html[range], to: &reserved) }
            }
            let result = sanitizer.sanitize(output.html, authored: output.authored, reservedIDs: reserved) {
                element, attribute, value in
                Self.decision(for: value, element: element, attribute: attribute, in: note, rebase: rebase)
            }
            removed = result.removed + removed.filter { !result.removed.contains($0) }
            html = result.html
        }
        if !removed.isEmpty {
            let place =
                note.document.firstRawHTML(file: note.source.displayName, holding: Self.words(of: removed))
                ?? SourceLocation(file: note.source.displayName, line: 1, column: 1)
            let removed = removed.joined(separator: ", ")
            diagnostics.append(.warning("removed \(removed) from the note's HTML", at: place))
        }
        return html
    }

    /// What to look for in the note's HTML to place the warning: `<script>` as `<script`, the
    /// host of `<iframe> from evil.example`, `javascript` of `javascript: URL`, attributes as named.
    static func words(of removed: [String]) -> [String] {
        removed.map { item in
            if let from = item.range(of: " from ") { return String(item[from.upperBound...]) }
            if item.hasPrefix("<") { return String(item.dropLast(item.hasSuffix(">") ? 1 : 0)) }
            if item.hasPrefix("style: ") { return String(item.dropFirst("style: ".count)) }
            return String(item.prefix { $0 != ":" && $0 != " " })
        }
    }

    /// The `on...` attributes of the note's `<img>` tags with a local `src`: those tags become
    /// the image pipeline's own HTML, which leaves them out, so they are named as removed too.
    static func imageHandlers(in document: NoteDocument) -> [String] {
        var names: [String] = []
        for image in document.imageAttachments {
            guard let attributes = image.html?.attributes else { continue }
            for attribute in attributes
            where attribute.name.hasPrefix("on") && !names.contains(attribute.name) {
                names.append(attribute.name)
            }
        }
        return names
    }

    /// An authored URL: a local one resolved as a Markdown link is (a note's page, a published
    /// file), one that found nothing left as written (already reported). Its scheme has passed
    /// the sanitizer's check, the one rule for authored URLs (cmark's filter for Markdown links
    /// knows fewer image types and would drop `data:image/avif` the sanitizer keeps).
    static func decision(
        for value: String, element: String, attribute: HTMLSanitizer.URLAttribute, in note: ResolvedNote,
        rebase: (String) -> String
    ) -> HTMLSanitizer.URLDecision {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard case .local = ImageReference(destination: trimmed), !LinkResolution.isInPage(trimmed) else {
            return .keep
        }
        guard let href = note.links.hrefs[value] ?? note.links.hrefs[trimmed] else { return .keep }
        return .replace(rebase(href))
    }

    /// Whether authored HTML may give an element an id: `id`, in any case, then spaces and `=`
    /// (`hidden` or `width=` do not count; `data-id=` does, which only costs a scan).
    static func mayHoldID(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index + 2 < bytes.endIndex {
            defer { index += 1 }
            guard bytes[index] | 0x20 == UInt8(ascii: "i"), bytes[index + 1] | 0x20 == UInt8(ascii: "d")
            else { continue }
            var next = index + 2
            while next < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[next]) { next += 1 }
            if next < bytes.endIndex, bytes[next] == UInt8(ascii: "=") { return true }
        }
        return false
    }

    /// Adds the values of the `id="..."` attributes in `bytes` (HTML the site made, whose
    /// attributes are always double-quoted and escaped).
    static func addIDs(in bytes: ArraySlice<UInt8>, to ids: inout Set<String>) {
        // On bytes, from each `=`.
        let quote = UInt8(ascii: "\"")
        var index = bytes.startIndex + 3
        while index + 1 < bytes.endIndex {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "="), bytes[index + 1] == quote,
                bytes[index - 1] == UInt8(ascii: "d"),
                bytes[index - 2] == UInt8(ascii: "i"), bytes[index - 3] == UInt8(ascii: " ")
            else { continue }
            let start = index + 2
            guard let end = bytes[start...].firstIndex(of: quote) else { return }
            ids.insert(String(decoding: bytes[start..<end], as: UTF8.self))
            index = end
        }
    }
}
