/// Reads the entries of a highlight pack (``HighlightCache``) in place: each is a line
/// `DAY STATUS SIZE SIZE SIZE SIZE` (single spaces, decimal numbers of 1 to 18 digits), then its
/// four texts. Only the structure is checked; nil for any entry that breaks it.
struct PackReader {
    private let bytes: [UInt8]
    private var index: Int

    init(_ bytes: [UInt8], at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    var atEnd: Bool { index >= bytes.count }

    /// The next entry, with its code's digest; nil when the line or a text size is damaged, the
    /// status unknown, or a body follows a status that has none.
    mutating func entry() -> HighlightPack.Entry? {
        guard let day = number(endingWith: UInt8(ascii: " ")), let status = status() else { return nil }
        var sizes: [Int] = [0, 0, 0, 0]
        for field in 0..<4 {
            guard let size = number(endingWith: field == 3 ? UInt8(ascii: "\n") : UInt8(ascii: " ")) else {
                return nil
            }
            sizes[field] = size
        }
        let start = index
        let total = sizes.reduce(0, +)
        // Sizes are kept as Int32: a text past 2 GB is damage here, not a reason to trap.
        guard total <= bytes.count - index, total <= Int(Int32.max), status == .ok || sizes[3] == 0 else {
            return nil
        }
        index += total
        let code = bytes[start + sizes[0] + sizes[1]..<start + total - sizes[3]]
        return HighlightPack.Entry(
            day: day, status: status, digest: UTF8Key.digest(code.span), start: start,
            sizes: (Int32(sizes[0]), Int32(sizes[1]), Int32(sizes[2]), Int32(sizes[3])))
    }

    /// A decimal number of 1 to 18 digits followed by `end`, which is passed.
    private mutating func number(endingWith end: UInt8) -> Int? {
        var value = 0
        var digits = 0
        while index < bytes.count, bytes[index] != end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10, digits < 18 else { return nil }
            value = value * 10 + Int(digit)
            digits += 1
            index += 1
        }
        guard digits > 0, index < bytes.count else { return nil }
        index += 1
        return value
    }

    /// `ok`, `unknown` or `failed`, followed by a space, which is passed.
    private mutating func status() -> HighlightPack.Status? {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count else { return nil }
        let word = bytes[start..<index]
        index += 1
        if word.elementsEqual("ok".utf8) { return .ok }
        if word.elementsEqual("unknown".utf8) { return .unknown }
        return word.elementsEqual("failed".utf8) ? .failed : nil
    }
}
