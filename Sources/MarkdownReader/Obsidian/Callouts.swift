import NoteModel

/// `> [!type]± Title`: a block quote whose first line names a callout becomes a callout block;
/// the rest of that line is its title, the rest of the quote its body.
enum Callouts {
    static func apply(_ document: inout NoteDocument) {
        // Most notes have no callout: leave their blocks alone rather than copy each one.
        let candidates = quotesOpeningWithMarker(document.blocks)
        guard !candidates.isEmpty else { return }
        // Changed in place: rebuilding the array copied every block of a note with a callout.
        var emptied: [Int] = []
        for index in candidates {
            let depth = document.blocks[index].depth
            guard document.blocks[index + 1].depth == depth + 1,
                let content = document.blocks[index + 1].content,
                let header = header(content)
            else { continue }
            document.blocks[index].kind = .callout(type: header.type, fold: header.fold)
            document.blocks[index].content = content.slice(header.titleStart..<header.titleEnd)
            // The callout's first paragraph keeps what follows the header line, or goes.
            let length = content.string.utf8.count
            if header.bodyStart < length {
                document.blocks[index + 1].content = content.slice(header.bodyStart..<length)
            } else {
                emptied.append(index + 1)
            }
        }
        for index in emptied.reversed() { document.blocks.remove(at: index) }
    }

    /// The block quotes whose next block is a paragraph that starts `[!` (a callout may), read
    /// through a span so no block is copied.
    private static func quotesOpeningWithMarker(_ blocks: [Block]) -> [Int] {
        let blocks = blocks.span
        return blocks.indices.dropLast().filter { index in
            guard case .blockQuote = blocks[index].kind, case .paragraph = blocks[index + 1].kind else {
                return false
            }
            return blocks[index + 1].content?.string.utf8.starts(with: "[!".utf8) ?? false
        }
    }

    struct Header {
        var type: String
        var fold: CalloutFold?
        var titleStart: Int
        var titleEnd: Int
        var bodyStart: Int
    }

    /// `[!type]`, an optional `+`/`-`, then the title up to the first line break; the marker must be
    /// plain text (not a link cmark made of it).
    static func header(_ content: AttributedText) -> Header? {
        let bytes = Array(content.string.utf8)
        guard bytes.starts(with: Array("[!".utf8)), let close = bytes.firstIndex(of: UInt8(ascii: "]")),
            close > 2
        else { return nil }
        let type = String(decoding: bytes[2..<close], as: UTF8.self)
        guard type.utf8.allSatisfy({ !Byte.isSpace($0) && $0 != UInt8(ascii: "[") }) else { return nil }
        var cursor = close + 1
        var fold: CalloutFold?
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
            fold = bytes[cursor] == UInt8(ascii: "+") ? .open : .closed
            cursor += 1
        }
        let ranges = content.runRanges
        // The marker lies in plain text runs.
        for (run, range) in zip(content.runs, ranges) where range.lowerBound < cursor {
            if run.span != nil || run.attachment != nil { return nil }
        }
        guard
            cursor == bytes.count || bytes[cursor] == Byte.space || bytes[cursor] == Byte.tab
                || content.kind(of: runAt(cursor, content, ranges)) == .softBreak
                || content.kind(of: runAt(cursor, content, ranges)) == .lineBreak
        else { return nil }
        while cursor < bytes.count, bytes[cursor] == Byte.space || bytes[cursor] == Byte.tab { cursor += 1 }
        var titleEnd = bytes.count
        var bodyStart = bytes.count
        for (run, range) in zip(content.runs, ranges) where range.lowerBound >= cursor {
            let kind = content.kind(of: run)
            if kind == .softBreak || kind == .lineBreak {
                titleEnd = range.lowerBound
                bodyStart = range.upperBound
                break
            }
        }
        return Header(
            type: type.lowercased(), fold: fold, titleStart: cursor, titleEnd: titleEnd, bodyStart: bodyStart)
    }

    private static func runAt(_ offset: Int, _ content: AttributedText, _ ranges: [Range<Int>]) -> TextRun {
        for (run, range) in zip(content.runs, ranges) where range.contains(offset) { return run }
        return TextRun(length: 0, span: nil)
    }
}
