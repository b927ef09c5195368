import Foundation

/// Cutting a preview's code by characters, walking no more of it than needed.
enum PreviewText {
    /// The first lines of a code block within `limit` characters (at least one line, cut), and a
    /// line "…" when some were left out. By bytes when the code is ASCII without a CR (each byte
    /// then a character, and each LF a line's end), as most code is; read through a pointer, as
    /// the whole block is checked (walking its UTF-8 view cost five instructions a byte).
    static func lines(of literal: String, within limit: Int) -> String {
        var literal = literal
        let kept: [UInt8]? = literal.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [10] }
            guard isASCII(bytes), memchr(base, 13, bytes.count) == nil else { return nil }
            var kept: [UInt8] = []
            var start = 0
            while true {
                let found = memchr(base + start, 10, bytes.count - start)
                let end =
                    found.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.count
                guard kept.count + (end - start) + 1 <= limit else { break }
                kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                kept.append(10)
                guard end < bytes.count else { break }
                start = end + 1
            }
            if kept.isEmpty {
                kept = Array(bytes.prefix(max(limit, 1)))
                kept.append(10)
            }
            return kept
        }
        guard let kept else { return characterLines(of: literal, within: limit) }
        return String(decoding: kept, as: UTF8.self) + "…\n"
    }

    /// Whether every byte is ASCII, eight at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var index = 0
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            high |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            high |= UInt64(base[index])
            index += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// `text.count`, by bytes when the text is ASCII: each byte is then a character but for a
    /// "\r\n", which is one. Counting characters walked every one of them (a tenth of previews).
    static func characterCount(_ text: String) -> Int {
        var text = text
        let ascii: Int? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            guard isASCII(bytes) else { return nil }
            // Only a CR can start a pair: most text has none, found by `memchr`.
            guard memchr(base, 13, bytes.count) != nil else { return bytes.count }
            var pairs = 0
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 10, previous == 13 { pairs += 1 }
                previous = byte
            }
            return bytes.count - pairs
        }
        return ascii ?? text.count
    }

    /// ``lines(of:within:)`` by characters, for any text.
    static func characterLines(of literal: String, within limit: Int) -> String {
        var kept = ""
        // `kept`'s length kept as it grows (counting it again per line was quadratic): a line
        // and its "\n" add their counts, but for a lone "\r" at the very end, which the "\n"
        // joins into one character (inside, a "\r\n" is one character, not a line end). Lines
        // are found one at a time: a long block was split whole for its first lines.
        var keptCount = 0
        var start = literal.startIndex
        while true {
            let end = literal[start...].firstIndex(of: "\n") ?? literal.endIndex
            let line = literal[start..<end]
            let lineCount = line.count
            guard keptCount + lineCount + 1 <= limit else { break }
            kept += line + "\n"
            keptCount += line.last == "\r" ? lineCount : lineCount + 1
            guard end < literal.endIndex else { break }
            start = literal.index(after: end)
        }
        if kept.isEmpty { kept = String(literal.prefix(max(limit, 1))) + "\n" }
        return kept + "…\n"
    }
}
