import NoteModel

/// A paragraph that is only `$$...$$` becomes a math block.
enum DisplayMath {
    static func apply(_ document: inout NoteDocument) {
        for index in document.blocks.indices {
            guard case .paragraph = document.blocks[index].kind, let content = document.blocks[index].content
            else { continue }
            // Most paragraphs have no display math span: skip them before cutting runs apart.
            guard content.spans.contains(where: { if case .math(true) = $0.kind { true } else { false } })
            else { continue }
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
