/// A fence's info string read as MkDocs and Hugo read it: the language is the first word, then
/// options, in braces or not: `python {linenums=true hl_lines="2-4"}`, `py linenums="1" hl_lines="2 3"`,
/// `go {linenos=table,hl_lines=[8,"15-17"],linenostart=199}`.
public struct FenceInfo: Sendable, Hashable {
    /// The first word, as written (Pygments matches aliases without regard to case); nil when none.
    public var language: String?
    public var options: CodeOptions
    /// Options that were not understood, for a warning.
    public var unknown: [String] = []

    public init(_ info: String) {
        // Nearly every fence is one ASCII word: read it on bytes (every page asks again).
        if let word = Self.onlyWord(in: info) {
            self.init(language: word.isEmpty ? nil : String(info[word]))
        } else {
            self.init(reading: info)
        }
    }

    /// The language alone, as `FenceInfo(info).language` reads it, without reading the options
    /// (the highlight stage asks it of every fence and needs nothing else).
    public static func language(of info: String) -> String? {
        // Read through a pointer, as in `onlyWord(in:)`: the UTF-8 view's generic searches were
        // most of gathering a build's code blocks.
        var copy = info
        let ascii: String?? = copy.withUTF8 { bytes in
            // Beyond ASCII a blank followed by a combining mark is not a blank: read characters.
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            var index = 0
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: "{") {
                index += 1
            }
            guard index > start else { return .some(nil) }
            return String(decoding: bytes.extracting(start..<index), as: UTF8.self)
        }
        return ascii ?? FenceInfo(reading: info).language
    }

    private init(language: String?) {
        self.language = language
        options = CodeOptions()
    }

    /// Reads any info string, character by character.
    init(reading info: String) {
        options = CodeOptions()
        let trimmed = info.drop { $0 == " " || $0 == "\t" }
        let word = trimmed.prefix { $0 != " " && $0 != "\t" && $0 != "{" }
        language = word.isEmpty ? nil : String(word)
        for (key, value) in Self.pairs(trimmed.dropFirst(word.count)) {
            if !apply(key: key, value: value) { unknown.append(value.isEmpty ? key : "\(key)=\(value)") }
        }
    }

    /// Where the only word of `info` is (an empty range: there is none), when `info` is ASCII and
    /// holds at most one word between blanks (a `{` ends a word); nil otherwise, for the full
    /// reading. On ASCII, bytes are characters.
    private static func onlyWord(in info: String) -> Range<String.Index>? {
        // Read through a pointer: the UTF-8 view's generic searches were a thousand instructions
        // for a four-letter word, and every code block of every page asks.
        var copy = info
        let found: Range<Int>? = copy.withUTF8 { bytes in
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            var index = 0
            while index < bytes.count, isBlank(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: "{") {
                guard bytes[index] < 0x80 else { return nil }
                index += 1
            }
            let end = index
            while index < bytes.count {
                guard isBlank(bytes[index]) else { return nil }
                index += 1
            }
            return start..<end
        }
        guard let found else { return nil }
        let utf8 = info.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: found.lowerBound)
        return start..<utf8.index(start, offsetBy: found.count)
    }

    private mutating func apply(key: String, value: String) -> Bool {
        switch key {
        case "linenums", "linenos":
            // MkDocs writes the first number (`linenums="1"`), Hugo `true`, `table` or `inline`.
            switch value.lowercased() {
            case "", "true", "table", "inline": options.lineNumbers = true
            case "false": options.lineNumbers = false
            default:
                guard let start = Int(value) else { return false }
                options.lineNumbers = true
                options.firstLine = start
            }
        case "linenostart":
            guard let start = Int(value) else { return false }
            options.firstLine = start
        case "hl_lines":
            guard let lines = Self.lineSet(value) else { return false }
            options.markedLines = lines
        default:
            return false
        }
        return true
    }

    /// `2-4 7`, `2 3`, `[8,"15-17"]`: numbers and ranges, separated by spaces or commas.
    static func lineSet(_ text: String) -> Set<Int>? {
        var lines: Set<Int> = []
        let parts = text.split { " ,[]\"'".contains($0) }
        for part in parts {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds.last ?? ""),
                low >= 1, low <= high, high - low < 100_000
            else { return nil }
            lines.formUnion(low...high)
        }
        return lines
    }

    /// `key=value` pairs (value quoted with `"` or `'`, or a bracketed list, or up to a space or
    /// comma); a bare word is a key with an empty value. Braces and separating commas are skipped.
    static func pairs(_ text: Substring) -> [(String, String)] {
        var result: [(String, String)] = []
        var rest = text[...]
        func isSeparator(_ c: Character) -> Bool { c == " " || c == "\t" || c == "," || c == "{" || c == "}" }
        while true {
            rest = rest.drop(while: isSeparator)
            guard !rest.isEmpty else { break }
            let key = rest.prefix { !isSeparator($0) && $0 != "=" }
            rest = rest.dropFirst(key.count)
            var value = Substring()
            if rest.first == "=" {
                rest = rest.dropFirst()
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst().prefix { $0 != quote }
                    value = body
                    rest = rest.dropFirst(body.count + 2)
                } else if rest.first == "[" {
                    let body = rest.prefix { $0 != "]" }
                    value = body.dropFirst()
                    rest = rest.dropFirst(body.count + 1)
                } else {
                    value = rest.prefix { !isSeparator($0) }
                    rest = rest.dropFirst(value.count)
                }
            }
            if key.isEmpty {
                rest = rest.dropFirst()
                continue
            }
            result.append((String(key), String(value)))
        }
        return result
    }
}
