/// The words results show a snippet of, written as a note's blocks come: runs of white space
/// folded to one space, a space between blocks, at most `SearchIndex.textLimit` bytes, cut before
/// a word (never inside a character). Written into one buffer of the most it can hold: appending
/// to an array byte by byte was most of its cost. The blocks come from the model's Strings and the
/// text ends at a space or at their end, so it is valid UTF-8 as it stands and stays bytes: a String
/// checked it again for nothing (11M instructions on the bench vault's copy).
struct SnippetText {
    /// Zeros ahead of the text, grown as blocks come up to `textLimit` + 2 bytes: a block starts
    /// at most `textLimit` + 1 bytes in, and stops one later. (Zeroing the whole of it for every
    /// note cost 20M instructions on the bench vault.)
    private var out: [UInt8] = []
    private var count = 0
    /// Where the last whole word ends (the space after it).
    private var lastWordEnd = 0
    /// The text passed the limit: it ends at `lastWordEnd` and takes nothing more.
    private(set) var isFull = false

    private init() {}

    /// The text `fill` writes.
    static func write(_ fill: (inout SnippetText) -> Void) -> [UInt8] {
        var snippet = SnippetText()
        fill(&snippet)
        return snippet.text
    }

    /// Appends one block's plain text (white space folded) and the space after it.
    mutating func appendBlock(_ block: Span<UInt8>) {
        guard !isFull else { return }
        // The block and the space after it, folded or not.
        reserve(count + block.count + 1)
        // Folding only shortens: a block that cannot pass the limit needs no check at each byte.
        guard count + block.count > SearchIndex.textLimit else {
            appendShort(block)
            return
        }
        for index in block.indices {
            let byte = block[index]
            if !Self.isSpace(byte) {
                out[count] = byte
                count += 1
            } else {
                appendSpace()
            }
            if count > SearchIndex.textLimit {
                isFull = true
                return
            }
        }
        appendSpace()
    }

    mutating func appendBlock(_ block: ArraySlice<UInt8>) { appendBlock(block.span) }

    /// `appendBlock` for a block that cannot pass the limit. The count, the last word's end and
    /// whether a space may come are kept in locals, and the buffer is written through its span:
    /// through `self`, each byte stored `count` again, 12 instructions a byte. The bytes before
    /// the next one up to 0x20 (the only ones that may be spaces) are copied eight at a time.
    private mutating func appendShort(_ block: Span<UInt8>) {
        var count = self.count
        var lastWordEnd = self.lastWordEnd
        var out = self.out.mutableSpan
        // A space is written unless the text is empty or already ends with one.
        var spaceFits = count > 0 && out[count - 1] != 0x20
        let source = block.bytes
        var index = 0
        while index < block.count {
            // A whole chunk is written where the folded block will be: it never passes the limit.
            if block.count &- index >= 8 {
                var target = out.mutableBytes
                let plain = Self.copyPlain(from: source, at: index, to: &target, at: count)
                count &+= plain
                index &+= plain
                if plain > 0 { spaceFits = true }
                // Else the byte that stopped the chunk is next, within the block.
                if plain == 8 { continue }
            }
            let byte = block[index]
            index &+= 1
            if Self.isSpace(byte) {
                guard spaceFits else { continue }
                lastWordEnd = count
                out[count] = 0x20
                count &+= 1
                spaceFits = false
            } else {
                out[count] = byte
                count &+= 1
                spaceFits = true
            }
        }
        if spaceFits {
            lastWordEnd = count
            out[count] = 0x20
            count &+= 1
        }
        self.count = count
        self.lastWordEnd = lastWordEnd
    }

    /// Copies the eight bytes of `source` at `start` to `target` at `end`; returns how many come
    /// before the first up to 0x20. Subtracting 0x21 from each byte borrows into bit 7 of the first
    /// such one (a borrow may mark bytes after it, never before). Both spans' bounds are checked,
    /// and any eight bytes are a valid `UInt64`.
    @inline(__always)
    static func copyPlain(from source: RawSpan, at start: Int, to target: inout MutableRawSpan, at end: Int)
        -> Int
    {
        let chunk = source.unsafeLoadUnaligned(fromByteOffset: start, as: UInt64.self)
        target.storeBytes(of: chunk, toByteOffset: end, as: UInt64.self)
        let bytes = UInt64(littleEndian: chunk)
        let low = (bytes &- 0x2121_2121_2121_2121) & ~bytes & 0x8080_8080_8080_8080
        return low.trailingZeroBitCount &>> 3
    }

    /// Space, line feed, tab, carriage return and form feed: one bit each of a 64-bit mask.
    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte <= 0x20 && (0x1_0000_3600 as UInt64) >> UInt64(byte) & 1 != 0
    }

    /// Room for `needed` bytes (at most the limit's), at least doubling what there is.
    private mutating func reserve(_ needed: Int) {
        let limit = SearchIndex.textLimit + 2
        guard out.count < min(needed, limit) else { return }
        var grown = [UInt8](repeating: 0, count: min(limit, max(needed, 2 * out.count, 256)))
        grown.replaceSubrange(0..<count, with: out[0..<count])
        out = grown
    }

    /// One space, unless the text is empty or already ends with one.
    private mutating func appendSpace() {
        guard count > 0, out[count - 1] != 0x20 else { return }
        lastWordEnd = count
        out[count] = 0x20
        count += 1
    }

    /// The text, without the space after its last word.
    private var text: [UInt8] {
        var end = isFull ? lastWordEnd : count
        if !isFull, end > 0, out[end - 1] == 0x20 { end -= 1 }
        return Array(out[..<end])
    }
}
