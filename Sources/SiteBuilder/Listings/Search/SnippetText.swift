/// The words results show a snippet of, written as a note's blocks come: runs of white space
/// folded to one space, a space between blocks, at most `SearchIndex.textLimit` bytes, cut before
/// a word (never inside a character).
struct SnippetText {
    private var out: [UInt8] = []
    /// Where the last whole word ends (the space after it).
    private var lastWordEnd = 0
    /// The text passed the limit: it ends at `lastWordEnd` and takes nothing more.
    private(set) var isFull = false

    /// Appends one block's plain text (white space folded) and the space after it.
    mutating func appendBlock(_ block: UnsafeBufferPointer<UInt8>) {
        guard !isFull else { return }
        for byte in block {
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
            if !isSpace {
                out.append(byte)
            } else {
                appendSpace()
            }
            if out.count > SearchIndex.textLimit {
                isFull = true
                return
            }
        }
        appendSpace()
    }

    mutating func appendBlock(_ block: ArraySlice<UInt8>) {
        block.withUnsafeBufferPointer { appendBlock($0) }
    }

    /// One space, unless the text is empty or already ends with one.
    private mutating func appendSpace() {
        guard let last = out.last, last != 0x20 else { return }
        lastWordEnd = out.count
        out.append(0x20)
    }

    /// The text, without the space after its last word.
    var text: String {
        var end = isFull ? lastWordEnd : out.count
        if !isFull, end > 0, out[end - 1] == 0x20 { end -= 1 }
        return String(decoding: out[..<end], as: UTF8.self)
    }
}
