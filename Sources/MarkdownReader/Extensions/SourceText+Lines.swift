extension SourceText {
    var lineCount: Int { lineStarts.count }

    /// The bytes of a line (1-based) without its ending; empty past the end.
    func line(_ number: Int) -> ArraySlice<UInt8> {
        guard number >= 1, number <= lineStarts.count else { return [] }
        var end = number < lineStarts.count ? lineStarts[number] : bytes.count
        let start = lineStarts[number - 1]
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return bytes[start..<end]
    }

    /// The byte offset of a line's start (1-based).
    func lineStart(_ number: Int) -> Int {
        guard number >= 1, number <= lineStarts.count else { return bytes.count }
        return lineStarts[number - 1]
    }
}
