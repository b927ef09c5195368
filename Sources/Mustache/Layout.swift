/// How a tag sits on its line: a standalone tag's line disappears from the output, except that a
/// standalone partial, parent or block turns the whitespace before it into indentation.
struct Layout {
    /// Whether the tag stands alone on its line (alone, or as one of the pairs the inheritance spec allows).
    var isStandalone = false
    /// Where the text before the tag stops (the start of its line), when it is cut.
    var textBeforeEnds: Int?
    /// Where the text after the tag resumes (the next line), when the rest of the line is dropped.
    var textAfterStarts: Int?
    /// The spaces and tabs before a standalone tag.
    var indent: [UInt8] = []

    /// Decides the layout of every tag. The standalone rules: a tag other than a variable alone on its
    /// line, or two adjacent inheritance tags (`{{<p}}{{/p}}`, `{{<p}}{{$b}}`, `{{$b}}{{/b}}`,
    /// `{{/b}}{{/p}}`) alone on their line. A `{{$b}}{{/b}}` line keeps its line break, as the spec wants.
    static func layouts(of tags: [Tag], in source: SourceText) -> [Layout] {
        let closed = closedKinds(of: tags)
        var layouts = Array(repeating: Layout(), count: tags.count)
        var index = 0
        while index < tags.count {
            defer { index += 1 }
            let tag = tags[index]
            guard tag.kind.canStandAlone, let lineStart = source.blankPrefixStart(before: tag.start) else {
                continue
            }
            let indent = Array(source.bytes[lineStart..<tag.start])
            if let suffix = source.blankSuffix(after: tag.end) {
                layouts[index] = Layout(
                    isStandalone: true, textBeforeEnds: lineStart, textAfterStarts: suffix.nextLine,
                    indent: indent)
                continue
            }
            guard index + 1 < tags.count else { continue }
            let next = tags[index + 1]
            guard next.start == tag.end, let suffix = source.blankSuffix(after: next.end) else { continue }
            let first = closed[index].map { Pairing.closing($0) } ?? .opening(tag.kind)
            let second = closed[index + 1].map { Pairing.closing($0) } ?? .opening(next.kind)
            let keepsLineBreak: Bool
            switch (first, second) {
            case (.opening(.parent), .closing(.parent)), (.opening(.parent), .opening(.block)),
                (.closing(.block), .closing(.parent)):
                keepsLineBreak = false
            case (.opening(.block), .closing(.block)):
                keepsLineBreak = true
            default:
                continue
            }
            layouts[index] = Layout(isStandalone: true, textBeforeEnds: lineStart, indent: indent)
            layouts[index + 1] = Layout(
                isStandalone: true, textAfterStarts: keepsLineBreak ? suffix.lineBreak : suffix.nextLine,
                indent: indent)
            index += 1
        }
        return layouts
    }

    private enum Pairing: Equatable {
        case opening(Tag.Kind)
        case closing(Tag.Kind)
    }

    /// For each closing tag, the kind of tag it closes (by nesting alone; names are checked later).
    private static func closedKinds(of tags: [Tag]) -> [Tag.Kind?] {
        var open: [Tag.Kind] = []
        return tags.map { tag in
            if tag.kind.opensSection {
                open.append(tag.kind)
            } else if tag.kind == .close {
                return open.popLast()
            }
            return nil
        }
    }
}
