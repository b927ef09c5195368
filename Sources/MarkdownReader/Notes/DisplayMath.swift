import NoteModel

/// A paragraph that is only `$$...$$` becomes a math block.
enum DisplayMath {
    static func apply(_ document: inout NoteDocument) {
        // Most notes have no display math: look without copying a block or touching the array
        // (read through the buffer: an array subscript here copied every block it looked at).
        let candidates = document.blocks.withUnsafeBufferPointer { blocks in
            blocks.indices.filter { index in
                guard case .paragraph = blocks[index].kind else { return false }
                return blocks[index].content?.spans.contains(where: \.isDisplayMath) ?? false
            }
        }
        for index in candidates {
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
}

extension InlineSpan {
    fileprivate var isDisplayMath: Bool {
        if case .math(true) = kind { true } else { false }
    }
}
