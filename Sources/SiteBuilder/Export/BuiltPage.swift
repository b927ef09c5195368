/// A note's page as the build made it, taken apart for `notesite export`: what its `<main>` holds
/// (less the parts that load files or stand for the whole site: scripts, the explorer, the graph)
/// and the scripts and stylesheets its head loads. The export packs these; it renders nothing itself.
struct BuiltPage: Sendable {
    /// The `class` of the page's `<main>` (`note has-toc has-explorer`).
    var mainClass: String
    /// `<main>`'s inner HTML without its scripts, explorer and graph.
    var content: [UInt8]
    /// The site paths of the scripts and stylesheets the page's head loads, in order.
    var assets: [String]
    /// The page's explorer (`<nav class="explorer" ...>...</nav>`), empty without one.
    var explorer: [UInt8]

    /// Nil when the page has no `<main>` (a theme that left it out).
    init?(_ bytes: [UInt8], pagePath: String) {
        let headEnd = Self.find("</head>", in: bytes, from: 0) ?? 0
        assets = Self.assets(in: bytes, end: headEnd, pagePath: pagePath)
        guard let open = Self.find("<main", in: bytes, from: headEnd),
            let openEnd = Self.find(">", in: bytes, from: open),
            let close = Self.findLast("</main>", in: bytes)
        else { return nil }
        let tag = String(decoding: bytes[open..<openEnd], as: UTF8.self)
        mainClass = Self.attribute("class", in: tag) ?? ""
        var inner = Array(bytes[(openEnd + 1)..<max(openEnd + 1, close)])
        explorer = Self.cut(from: "<nav class=\"explorer\"", to: "</nav>", in: &inner).first ?? []
        _ = Self.cut(from: "<section class=\"local-graph\"", to: "</section>", in: &inner)
        _ = Self.cut(from: "<script", to: "</script>", in: &inner)
        content = inner
    }

    /// Removes every `start` ... `end` span from `bytes`, and returns what was removed.
    static func cut(from start: String, to end: String, in bytes: inout [UInt8]) -> [[UInt8]] {
        var removed: [[UInt8]] = []
        var kept: [UInt8] = []
        var position = 0
        while let begin = find(start, in: bytes, from: position),
            let stop = find(end, in: bytes, from: begin)
        {
            let after = stop + end.utf8.count
            kept += bytes[position..<begin]
            removed.append(Array(bytes[begin..<after]))
            position = after
            // The newline the template put after the removed element goes with it.
            if position < bytes.count, bytes[position] == UInt8(ascii: "\n") { position += 1 }
        }
        guard !removed.isEmpty else { return [] }
        kept += bytes[position...]
        bytes = kept
        return removed
    }

    /// `<script src>` and `<link rel="stylesheet" href>` of the head, as site paths.
    private static func assets(in page: [UInt8], end: Int, pagePath: String) -> [String] {
        var found: [String] = []
        var position = 0
        while let open = find("<", in: page, from: position, end: end),
            let close = find(">", in: page, from: open, end: end)
        {
            position = close + 1
            let tag = String(decoding: page[open..<close], as: UTF8.self)
            let reference: String?
            if tag.hasPrefix("<script") {
                reference = attribute("src", in: tag)
            } else if tag.hasPrefix("<link"), attribute("rel", in: tag) == "stylesheet" {
                reference = attribute("href", in: tag)
            } else {
                reference = nil
            }
            if let reference, let path = SitePath.resolve(reference, from: pagePath) { found.append(path) }
        }
        return found
    }

    /// The value of `name="..."` in a tag as the theme writes it (double quotes, no entities in names).
    static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    /// Where `needle` first starts at or after `from` (and before `end`, when given). A plain loop
    /// over the array: the standard library's generic `firstRange(of:)` was most of an export's time.
    static func find(_ needle: String, in bytes: [UInt8], from: Int, end: Int? = nil) -> Int? {
        find(Array(needle.utf8), in: bytes, from: from, end: end)
    }

    static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int, end: Int? = nil) -> Int? {
        guard let first = pattern.first else { return from }
        let limit = (end ?? bytes.count) - pattern.count
        var index = max(from, 0)
        while index <= limit {
            if bytes[index] == first {
                var offset = 1
                while offset < pattern.count, bytes[index + offset] == pattern[offset] { offset += 1 }
                if offset == pattern.count { return index }
            }
            index += 1
        }
        return nil
    }

    static func findLast(_ needle: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(needle.utf8)
        var index = bytes.count - pattern.count
        while index >= 0 {
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
                return index
            }
            index -= 1
        }
        return nil
    }
}
