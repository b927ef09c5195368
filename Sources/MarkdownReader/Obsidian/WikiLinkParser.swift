import NoteModel

/// Reads the inside of `[[...]]`: `target#fragment|alias`, and for embeds a last `|300` or
/// `|300x200` as the size. `\|` separates too (it is how a wikilink's `|` is written in a table).
enum WikiLinkParser {
    static func parse(_ inner: String, embed: Bool, at location: SourceLocation) -> WikiLink? {
        var pieces = inner.replacing("\\|", with: "|").split(separator: "|", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        guard let reference = pieces.first else { return nil }
        pieces.removeFirst()
        var size: ImageSize?
        if embed, let last = pieces.last, let parsed = imageSize(last) {
            size = parsed
            pieces.removeLast()
        }
        let alias = pieces.isEmpty ? nil : pieces.joined(separator: "|")
        var target = reference
        var fragment: String?
        if let hash = reference.firstIndex(of: "#") {
            target = reference[..<hash].trimmingSpaces()
            fragment = reference[reference.index(after: hash)...].trimmingSpaces()
        }
        if fragment?.isEmpty == true { fragment = nil }
        guard !target.isEmpty || fragment != nil else { return nil }
        return WikiLink(
            target: target, fragment: fragment, alias: alias, size: size, isEmbed: embed, location: location)
    }

    /// `300` (a width) or `300x200` (a box).
    static func imageSize(_ text: String) -> ImageSize? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Byte.isDigit) && $0.count <= 6 })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard let width = numbers.first else { return nil }
        return ImageSize(width: width, height: numbers.count > 1 ? numbers[1] : nil)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let utf8 = Array(self.utf8)
        var start = 0
        var end = utf8.count
        while start < end, utf8[start] == Byte.space || utf8[start] == Byte.tab { start += 1 }
        while end > start, utf8[end - 1] == Byte.space || utf8[end - 1] == Byte.tab { end -= 1 }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}
