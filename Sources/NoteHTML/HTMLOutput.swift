import HTMLText

/// The HTML being written, as bytes, with cmark's escaping rules.
struct HTMLOutput {
    var bytes: [UInt8] = []
    /// The features of the writer's own markup, set as it writes it (``HTMLFeatures``).
    var features = HTMLFeatures()
    /// Where HTML not of the writer's making (hooks', the author's) was written: its tags are read
    /// for features at the end, not the whole page's.
    var rawRegions: [Range<Int>] = []
    /// Where the author's raw HTML was written as it is, for a sanitizer to read as one fragment
    /// (``HTMLWriter/marksAuthoredHTML``); empty otherwise.
    var authoredRegions: [Range<Int>] = []

    /// cmark's `cr()`: a newline unless at the start or already after one.
    mutating func newlineIfNeeded() {
        if let last = bytes.last, last != UInt8(ascii: "\n") {
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// The writer's own markup, copied from the literal's bytes: through `String.UTF8View` a
    /// literal cost several times more (a sixth of writing a page's HTML).
    mutating func append(_ literal: StaticString) {
        bytes.append(
            contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// HTML made elsewhere (a hook's, the author's own), copied as it is.
    mutating func appendRaw(_ string: String) {
        let start = bytes.count
        var string = string
        string.withUTF8 { bytes.append(contentsOf: $0) }
        markRaw(from: start)
    }

    mutating func appendRaw(_ string: Substring) {
        let start = bytes.count
        bytes.append(contentsOf: string.utf8)
        markRaw(from: start)
    }

    /// The author's raw HTML, copied as it is and marked as authored (and as raw, for features).
    mutating func appendAuthored<S: Sequence<UInt8>>(_ html: S) {
        let start = bytes.count
        bytes.append(contentsOf: html)
        markRaw(from: start)
        guard start < bytes.count else { return }
        if let last = authoredRegions.last, last.upperBound == start {
            authoredRegions[authoredRegions.count - 1] = last.lowerBound..<bytes.count
        } else {
            authoredRegions.append(start..<bytes.count)
        }
    }

    /// Records the bytes from `start` to the end as raw HTML (see ``rawRegions``).
    mutating func markRaw(from start: Int) {
        guard start < bytes.count else { return }
        if let last = rawRegions.last, last.upperBound == start {
            rawRegions[rawRegions.count - 1] = last.lowerBound..<bytes.count
        } else {
            rawRegions.append(start..<bytes.count)
        }
    }

    /// The features of the whole HTML: the writer's own, and those of the raw regions' tags.
    var allFeatures: HTMLFeatures {
        var found = features
        bytes.withUnsafeBufferPointer { html in
            for region in rawRegions where !found.all {
                found.add(tagsIn: html, from: region.lowerBound, to: region.upperBound)
            }
        }
        return found
    }

    /// Text escaping: `"`, `&`, `<`, `>` only (cmark leaves `'` and `/` alone).
    mutating func appendEscaped<S: Sequence<UInt8>>(_ utf8: S) {
        HTMLText.appendEscaped(utf8, to: &bytes)
    }

    mutating func appendEscaped(bytes: Span<UInt8>) {
        HTMLText.appendEscaped(bytes, to: &self.bytes)
    }
    mutating func appendEscaped(_ string: String) { appendEscaped(string.utf8) }
    mutating func appendEscaped(_ string: Substring) { appendEscaped(string.utf8) }

    /// URL escaping as cmark's `houdini_escape_href`: URL-safe and reserved characters pass,
    /// `&` and `'` become entities, every other byte becomes `%XX`. Safe bytes are looked up in a
    /// table: a set's hashing per byte, and a hex array made per call, showed in every page.
    mutating func appendEscapedHref(_ url: String) {
        // Runs of safe bytes are copied whole: a byte at a time was most of writing a link.
        let safe = HTMLOutput.hrefSafe
        var url = url
        url.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices where !safe[Int(utf8[index])] {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                run = index + 1
                let byte = utf8[index]
                if byte == UInt8(ascii: "&") {
                    append("&amp;")
                } else if byte == UInt8(ascii: "'") {
                    append("&#x27;")
                } else {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(HTMLOutput.hexDigit(byte >> 4))
                    bytes.append(HTMLOutput.hexDigit(byte & 0xF))
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// By byte: letters, digits and `-_.+!*(),%#@?=;:/$~`.
    private static let hrefSafe: [Bool] = (0...255).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-_.+!*(),%#@?=;:/$~".utf8.contains(byte)
        }
    }
}
