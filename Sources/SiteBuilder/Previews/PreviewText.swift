import Foundation

/// Cutting a preview's code by characters, walking no more of it than needed.
enum PreviewText {
    /// The first lines of a code block within `limit` characters (at least one line, cut), and a
    /// line "…" when some were left out. By bytes when the code is ASCII without a CR (each byte
    /// then a character, and each LF a line's end), as most code is.
    static func lines(of literal: String, within limit: Int) -> String {
        guard literal.utf8.allSatisfy({ $0 < 0x80 && $0 != 13 }) else {
            return characterLines(of: literal, within: limit)
        }
        var kept: [UInt8] = []
        let bytes = literal.utf8
        var start = bytes.startIndex
        while true {
            let end = bytes[start...].firstIndex(of: 10) ?? bytes.endIndex
            let lineCount = bytes.distance(from: start, to: end)
            guard kept.count + lineCount + 1 <= limit else { break }
            kept += bytes[start..<end]
            kept.append(10)
            guard end < bytes.endIndex else { break }
            start = bytes.index(after: end)
        }
        if kept.isEmpty {
            kept = Array(bytes.prefix(max(limit, 1)))
            kept.append(10)
        }
        return String(decoding: kept, as: UTF8.self) + "…\n"
    }

    /// `text.count`, by bytes when the text is ASCII: each byte is then a character but for a
    /// "\r\n", which is one. Counting characters walked every one of them (a tenth of previews).
    static func characterCount(_ text: String) -> Int {
        var text = text
        let ascii: Int? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            var index = 0
            var high: UInt64 = 0
            while index + 8 <= bytes.count {
                high |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                index += 8
            }
            var pairs = 0
            var previous: UInt8 = 0
            for byte in bytes[index...] { high |= UInt64(byte) }
            guard high & 0x8080_8080_8080_8080 == 0 else { return nil }
            // Only a CR can start a pair: most text has none, found by `memchr`.
            guard memchr(base, 13, bytes.count) != nil else { return bytes.count }
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
