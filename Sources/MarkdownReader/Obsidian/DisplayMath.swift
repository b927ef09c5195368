import NoteModel

/// A paragraph that is only `$$...$$` becomes a math block.
enum DisplayMath {
    static func apply(_ document: inout NoteDocument) {
        for index in candidates(document.blocks) {
            guard let content = document.blocks[index].content else { continue }
            let meaningful = zip(content.runs, content.runRanges).filter { run, range in
                let text = content.string.utf8.dropFirst(range.lowerBound).prefix(range.count)
                return run.attachment != nil || !text.allSatisfy(Byte.isSpace) || content.kind(of: run) != nil
            }
            guard meaningful.count == 1, let (run, range) = meaningful.first,
                content.kind(of: run) == .math(display: true)
            else { continue }
            let tex = String(
                decoding: content.string.utf8.dropFirst(range.lowerBound).prefix(range.count), as: UTF8.self)
            document.blocks[index].kind = .math(literal: tex)
            document.blocks[index].content = nil
        }
    }

    /// The paragraphs with display math. Most notes have none: look without copying a block or
    /// touching the array (read through a span: an array subscript here copied every block).
    private static func candidates(_ blocks: [Block]) -> [Int] {
        let blocks = blocks.span
        return blocks.indices.filter { index in
            guard case .paragraph = blocks[index].kind else { return false }
            return blocks[index].content?.spans.contains(where: \.isDisplayMath) ?? false
        }
    }
}

extension InlineSpan {
    fileprivate var isDisplayMath: Bool {
        if case .math(true) = kind { true } else { false }
    }
}
