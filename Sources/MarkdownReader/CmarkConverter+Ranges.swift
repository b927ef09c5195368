internal import CCmark
import NoteModel

/// Source ranges while converting: every inline span and image gets its range from an
/// ``InlineLocator`` walking the leaf block's source, mapped back to the note's own source.
extension CmarkConverter {
    /// An inline container open in the current leaf block.
    struct OpenInline {
        /// The span in the innermost builder, or the image's attachment index.
        var span: Int?
        var image: Int?
        var start: Int
        /// `[`, `<` or nil for links and images; the delimiter bytes and their count for the rest
        /// (for a footnote reference, `]` and its end offset).
        var opener: UInt8?
        var delimiters = ""
        var count = 0

        init(span: Int? = nil, image: Int? = nil, start: Int, opener: UInt8? = nil) {
            self.span = span
            self.image = image
            self.start = start
            self.opener = opener
        }
    }

    /// A locator from the leaf block's start (after a heading's `#`s) to the end of its last line.
    /// Inside a footnote (parsed on its own, so columns are the body's) it starts at the line start.
    /// The block's parts rather than a copy of it: copying a block and destroying the copy cost
    /// more than the locator.
    func makeLocator(from first: LineColumn?, to last: LineColumn?, isHeading: Bool) -> InlineLocator? {
        guard let first, let last else { return nil }
        let lines = source.lines
        var start = lines.offset(line: first.line, column: lineShift == 0 ? first.column : 1)
        if isHeading {
            while start < source.bytes.count, source.bytes[start] == UInt8(ascii: "#") { start += 1 }
        }
        let limit = lines.contentEnd(ofLine: last.line, in: source.bytes)
        return InlineLocator(bytes: source.bytes, start: start, limit: limit, quoteDepth: quoteDepth)
    }

    mutating func openInline(_ kind: InlineKind, delimiters: String, count: Int) {
        var id = 0
        withBuilder { id = $0.openSpan(kind) }
        guard let start = locator?.open(delimiters, count: count) else { return }
        var open = OpenInline(span: id, start: start)
        open.delimiters = delimiters
        open.count = count
        openInlines.append(open)
    }

    mutating func openLink(_ kind: InlineKind) {
        var id = 0
        withBuilder { id = $0.openSpan(kind) }
        guard let opened = locator?.openLink(image: false) else { return }
        openInlines.append(OpenInline(span: id, start: opened.start, opener: opened.opener))
    }

    /// Strikethrough (`~` or `~~`) and footnote references (`[^label]`).
    mutating func openCustomInline(_ kind: InlineKind) {
        var id = 0
        withBuilder { id = $0.openSpan(kind) }
        guard var locator else { return }
        var open: OpenInline
        if case .strikethrough = kind {
            let count = min(2, max(1, locator.delimiterRun(UInt8(ascii: "~"))))
            open = OpenInline(span: id, start: locator.open("~", count: count))
            open.delimiters = "~"
            open.count = count
        } else {
            // `[^label]`: the label cannot hold a `]`, so its end is known now.
            open = OpenInline(span: id, start: locator.open("", count: 0), opener: UInt8(ascii: "]"))
            open.count = locator.end(after: UInt8(ascii: "]")) ?? open.start
        }
        self.locator = locator
        openInlines.append(open)
    }

    /// Closes the innermost open inline: finds its end and records its range.
    mutating func closeInline() {
        guard var locator, let open = openInlines.popLast() else { return }
        let end: Int
        if !open.delimiters.isEmpty {
            end = locator.close(open.delimiters, count: open.count)
        } else if open.opener == UInt8(ascii: "]") {
            end = locator.advance(to: open.count)
        } else {
            end = locator.closeLink(opener: open.opener)
        }
        self.locator = locator
        let range = sourceRange(open.start..<end)
        if let index = open.image, attachments.indices.contains(index) {
            attachments[index].range = range
            attachments[index].location = range.location(in: file)
        } else if let span = open.span {
            withBuilder { $0.setRange(range, ofSpan: span) }
        }
    }

    /// Inline HTML; in Obsidian's syntax its `<img>` tags become attachments inside its span.
    mutating func inlineHTML(_ node: OpaquePointer) {
        let text = restored(literal(node), escapeApplied: false)
        let written = restored(string(node, .literal, restoring: false), escapeApplied: false)
        let offsets = locator?.text(written)
        let range = offsets.map { sourceRange($0) }
        let images = obsidian == nil ? [] : htmlImages(in: text, after: range?.start.offset ?? 0)
        guard !builders.isEmpty else { return }
        let first = attachments.count
        attachments += images
        withBuilder {
            $0.openSpan(.html, range: range)
            $0.appendText(text)
            for index in first..<first + images.count { $0.appendAttachment(index) }
            $0.closeSpan()
        }
    }

    /// An HTML block's `<img>` tags, as the block's content (Obsidian's syntax).
    mutating func addHTMLBlockImages(_ literal: String) {
        guard let index = blocks.indices.last, let location = blocks[index].start else { return }
        let start = mappedOffset(source.lines.offset(line: location.line, column: location.column))
        let images = htmlImages(in: literal, after: start)
        guard !images.isEmpty else { return }
        var content = AttributedTextBuilder()
        for image in images {
            attachments.append(image)
            content.appendAttachment(attachments.count - 1)
        }
        blocks[index].content = content.finish()
    }

    /// The local `<img>` tags of raw HTML as attachments, each placed where its tag is written in
    /// the note at or after `start` (an offset into the note's own bytes).
    func htmlImages(in literal: String, after start: Int) -> [ImageAttachment] {
        let html = Array(literal.utf8)
        var cursor = min(max(0, start), originalBytes.count)
        var images: [ImageAttachment] = []
        for tag in HTMLImageTag.all(in: literal) {
            guard let src = tag.source, !src.isEmpty, HTMLImageTag.isLocal(src) else { continue }
            let written = html[tag.range]
            var place = cursor..<cursor
            if let found = Self.find(written, in: originalBytes, from: cursor) {
                place = found..<found + written.count
                cursor = place.upperBound
            }
            let range = originalLines.range(place)
            var alt = AttributedTextBuilder()
            alt.appendText(tag.value(of: "alt") ?? "")
            images.append(
                ImageAttachment(
                    destination: src, title: tag.value(of: "title") ?? "", location: range.location(in: file),
                    alt: alt.finish(), size: tag.requestedSize, range: range,
                    html: RawHTMLImage(tag: tag.range, attributes: tag.attributes)))
        }
        return images
    }

    private static func find(_ needle: ArraySlice<UInt8>, in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start + needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The line table of the note's own source.
    var originalLines: LineTable { obsidian?.map.originalLines ?? source.lines }

    /// An offset in the text cmark parsed, in the note's own source.
    func mappedOffset(_ offset: Int) -> Int {
        obsidian?.map.originalOffset(offset) ?? offset
    }

    /// Offsets in the text cmark parsed as a range in the note's own source. Ranges come in the
    /// order they are written: the last one's line is where the next is looked for first.
    mutating func sourceRange(_ offsets: Range<Int>) -> SourceRange {
        let start = mappedOffset(offsets.lowerBound)
        let end = offsets.isEmpty ? start : mappedOffset(offsets.upperBound - 1) + 1
        let range = originalLines.range(start..<max(start, end), near: lineHint)
        lineHint = range.start.line
        return range
    }

    /// The offsets in the text cmark parsed of a block from cmark's start and (inclusive) end.
    func blockOffsets(_ start: LineColumn, _ end: LineColumn) -> Range<Int> {
        let lines = source.lines
        let first = lines.offset(line: start.line, column: start.column)
        let last =
            end.column < 1
            ? lines.offset(line: end.line, column: 1) : lines.offset(line: end.line, column: end.column) + 1
        return first..<max(first, min(last, source.bytes.count))
    }

    /// Sets a block's range; with Obsidian's syntax, also moves its start and end (kept in the
    /// parsed text while converting, where inlines are found by them) to the note's own source.
    /// Each offset is mapped once: the start is the range's, and the end is the range's last byte
    /// unless the range was clamped. Mapping the ends apart from the range mapped them twice.
    mutating func place(_ index: Int, start: LineColumn, end: LineColumn) {
        let offsets = blockOffsets(start, end)
        guard let map = obsidian?.map else {
            blocks[index].range = sourceRange(offsets)
            return
        }
        let first = map.originalOffset(offsets.lowerBound)
        let last = offsets.isEmpty ? nil : map.originalOffset(offsets.upperBound - 1)
        let lines = map.originalLines
        let range = lines.range(first..<max(first, last.map { $0 + 1 } ?? first), near: lineHint)
        lineHint = range.start.line
        blocks[index].range = range
        // The range's start is the start's position unless clamped to the text's end.
        let startPlace =
            first <= lines.count
            ? (line: range.start.line, column: range.start.column)
            : lines.position(of: first, near: range.start.line)
        let endOffset = source.lines.offset(line: end.line, column: end.column)
        let mappedEnd =
            last != nil && offsets.upperBound - 1 == endOffset ? last ?? 0 : map.originalOffset(endOffset)
        let endPlace = lines.position(of: mappedEnd, near: max(1, range.end.line - 1))
        blocks[index].start = LineColumn(line: startPlace.line, column: startPlace.column)
        blocks[index].end = LineColumn(line: endPlace.line, column: endPlace.column)
    }

    /// The notes placeholders written in a stretch of the parsed text, in order, as source ranges.
    mutating func tokenRanges(_ offsets: Range<Int>) -> [SourceRange] {
        guard obsidian != nil else { return [] }
        let bytes = source.bytes
        var ranges: [SourceRange] = []
        var index = offsets.lowerBound
        while index + 2 < offsets.upperBound {
            guard bytes[index] == 0xEE, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 else {
                index += 1
                continue
            }
            var end = index + 3
            while end < offsets.upperBound, Byte.isDigit(bytes[end]) { end += 1 }
            guard end + 2 < offsets.upperBound, bytes[end] == 0xEE, bytes[end + 2] == 0x81 else {
                index += 1
                continue
            }
            ranges.append(sourceRange(index..<end + 3))
            index = end + 3
        }
        return ranges
    }
}
