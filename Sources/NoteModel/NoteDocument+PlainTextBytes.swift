extension NoteDocument {
    /// ``plainText(of:inside:)`` appended to `out` as UTF-8 bytes (the one walk both use). The
    /// search index reads every block's plain text: a String per block, walked again byte by byte,
    /// cost it more than the walk of the runs.
    public func appendPlainText(of text: AttributedText, to out: inout [UInt8], inside: Int = -1) {
        var stack = [PlainTextFrame(text: text, owner: inside)]
        while var frame = stack.popLast() {
            guard let attachment = appendRuns(of: &frame, to: &out) else { continue }
            let alt = imageAttachments[attachment].alt
            stack.append(frame)
            stack.append(PlainTextFrame(text: alt, owner: attachment))
        }
    }

    /// Appends the frame's runs from its current one on, up to an image whose alt comes next:
    /// returned (the frame then stands past it), nil when the text is done.
    private func appendRuns(of frame: inout PlainTextFrame, to out: inout [UInt8]) -> Int? {
        let text = frame.text
        if frame.run == 0, Self.plainTextIsString(text) {
            // The whole string in one copy, each line break's byte then a space: copying run by
            // run, byte by byte, cost the search index several times as much.
            var position = out.count
            out.append(contentsOf: text.string.utf8)
            for run in text.runs {
                if let span = run.span, text.spans.indices.contains(span), text.spans[span].kind.isBreak {
                    out[position] = 0x20
                }
                position += run.length
            }
            frame.run = text.runs.count
            return nil
        }
        let bytes = text.string.utf8.span
        while frame.run < text.runs.count {
            let run = text.runs[frame.run]
            let start = frame.position
            let end = start + min(max(0, run.length), bytes.count - start)
            frame.run += 1
            frame.position = end
            if let attachment = run.attachment {
                // Only later images: a malformed (decoded) document with a cycle cannot loop.
                if attachment > frame.owner, imageAttachments.indices.contains(attachment) {
                    return attachment
                }
                continue
            }
            if let span = run.span, text.spans.indices.contains(span), text.spans[span].kind.isBreak {
                out.append(0x20)
                continue
            }
            // As a Substring would: both ends rounded down to a scalar's first byte.
            let range =
                AttributedText.scalarStart(start, in: bytes)..<AttributedText.scalarStart(end, in: bytes)
            if range.count == bytes.count {
                // The whole string, as most plain paragraphs and headings are: in one copy.
                out.append(contentsOf: text.string.utf8)
            } else {
                out.append(addingCapacity: range.count) { output in
                    for index in range { output.append(bytes[index]) }
                }
            }
        }
        return nil
    }
}

extension NoteDocument {
    /// Whether the text's plain text is its string with each line break a space: no image, every
    /// break one byte long, and runs that cover the string exactly, each from a scalar's first
    /// byte (as in every text a reader makes).
    static func plainTextIsString(_ text: AttributedText) -> Bool {
        let bytes = text.string.utf8.span
        var position = 0
        for run in text.runs {
            guard run.attachment == nil, run.length >= 0, run.length <= bytes.count - position else {
                return false
            }
            if position < bytes.count, bytes[position] & 0xC0 == 0x80 { return false }
            if run.length != 1, let span = run.span, text.spans.indices.contains(span),
                text.spans[span].kind.isBreak
            {
                return false
            }
            position += run.length
        }
        return position == bytes.count
    }
}

/// Where a plain-text walk stands in one text: the next run, its first byte, and the image whose
/// alt this is (-1 for none).
private struct PlainTextFrame {
    let text: AttributedText
    var run = 0
    var position = 0
    let owner: Int
}

extension InlineKind {
    /// A soft or hard line break: plain text has a space for it.
    fileprivate var isBreak: Bool {
        switch self {
        case .softBreak, .lineBreak: true
        default: false
        }
    }
}
