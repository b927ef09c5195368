internal import HTMLText

/// The bytes gumbo parses: authored HTML with a placeholder where each trusted piece goes.
/// Authored text is made unable to forge a placeholder (the code point itself or a numeric
/// character reference to it becomes U+FFFD), NUL becomes U+FFFD (a C string would end there),
/// and a start tag nested deeper than the limit is written as text.
struct FragmentInput {
    var bytes: [UInt8] = []
    /// The trusted pieces, in order, as ranges of ``trustedSource``.
    var trusted: [Range<Int>] = []
    /// The note's HTML the trusted ranges point into (with, past its end, the pieces merged at the
    /// placeholder limit, see ``mergingOverflow(_:_:)``).
    var trustedSource: [UInt8]
    /// Whether some start tag was too deep and became text.
    var tooDeep = false
    let depthLimit: Int

    /// `authored` lists the ranges of `html` the author wrote, in order; the rest is trusted.
    init(_ html: [UInt8], authored: [Range<Int>], maximumDepth: Int) {
        depthLimit = maximumDepth
        trustedSource = html
        var regions = Self.joining(authored)
        var offset = 0
        for region in regions {
            if offset < region.lowerBound { trusted.append(offset..<region.lowerBound) }
            offset = region.upperBound
        }
        if offset < html.count { trusted.append(offset..<html.count) }
        mergingOverflow(&regions)
        let count = trusted.count
        bytes.reserveCapacity(regions.reduce(4 * count) { $0 + $1.count })
        var depth = DepthEstimate(limit: maximumDepth)
        var next = 0
        for region in regions {
            while next < count, trusted[next].lowerBound < region.lowerBound {
                Placeholder.appendUTF8(next, to: &bytes)
                next += 1
            }
            appendAuthored(html, region, placeholders: count, depth: &depth)
        }
        while next < count {
            Placeholder.appendUTF8(next, to: &bytes)
            next += 1
        }
        tooDeep = depth.exceeded
    }

    /// The pieces as one HTML text and the ranges of their authored ones.
    static func joined(_ pieces: [HTMLSanitizer.Piece]) -> (html: [UInt8], authored: [Range<Int>]) {
        var html: [UInt8] = []
        var authored: [Range<Int>] = []
        for piece in pieces {
            switch piece {
            case .trusted(let text): html.append(contentsOf: text.utf8)
            case .authored(let text):
                let start = html.count
                html.append(contentsOf: text.utf8)
                authored.append(start..<html.count)
            }
        }
        return (html, authored)
    }

    /// Authored ranges side by side as one, so nothing split between them (`&#x10` and `0000;`)
    /// escapes the checks; empty ones left out.
    private static func joining(_ authored: [Range<Int>]) -> [Range<Int>] {
        var joined: [Range<Int>] = []
        joined.reserveCapacity(authored.count)
        for region in authored where !region.isEmpty {
            if let last = joined.last, last.upperBound == region.lowerBound {
                joined[joined.count - 1] = last.lowerBound..<region.upperBound
            } else {
                joined.append(region)
            }
        }
        return joined
    }

    /// Beyond the placeholders there are, the last trusted piece takes every piece after it, the
    /// authored ones escaped: shown as text, never lost, never live.
    private mutating func mergingOverflow(_ regions: inout [Range<Int>]) {
        guard trusted.count >= Placeholder.limit else { return }
        let start = trusted[Placeholder.limit - 1].lowerBound
        let end = trustedSource.count
        guard trusted[Placeholder.limit - 1].upperBound < end else { return }
        var merged: [UInt8] = []
        var offset = start
        for region in regions where region.lowerBound >= start {
            merged.append(contentsOf: trustedSource[offset..<region.lowerBound])
            HTMLText.appendEscaped(trustedSource[region], to: &merged)
            offset = region.upperBound
        }
        merged.append(contentsOf: trustedSource[offset..<end])
        regions.removeAll { $0.lowerBound >= start }
        trusted.removeLast(trusted.count - Placeholder.limit + 1)
        trustedSource.append(contentsOf: merged)
        trusted.append(end..<trustedSource.count)
    }

    /// Bytes that need a look: NUL, `&`, `<`, and the lead bytes of planes 15 and 16.
    private static let special: [Bool] = (0...255).map { byte in
        byte == 0 || byte == 0x26 || byte == 0x3C || byte == 0xF3 || byte == 0xF4
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Appends the authored `region` of `html`; it is read as a text of its own (nothing past its
    /// end is looked at).
    private mutating func appendAuthored(
        _ html: [UInt8], _ region: Range<Int>, placeholders: Int, depth: inout DepthEstimate
    ) {
        let source = html.span.extracting(region)
        let base = region.lowerBound
        var index = 0
        var runStart = 0
        let special = Self.special
        while index < source.count {
            let byte = source[index]
            guard special[Int(byte)] else {
                index += 1
                continue
            }
            bytes.append(contentsOf: html[base + runStart..<base + index])
            switch byte {
            case 0:
                bytes.append(contentsOf: Self.replacement)
                index += 1
            case UInt8(ascii: "&"):
                if let end = Self.forgedReference(source, at: index, placeholders: placeholders) {
                    bytes.append(contentsOf: Self.replacement)
                    index = end
                } else {
                    bytes.append(byte)
                    index += 1
                }
            case UInt8(ascii: "<"):
                if depth.admits(source, at: index) {
                    bytes.append(byte)
                } else {
                    bytes.append(contentsOf: "&lt;".utf8)
                }
                index += 1
            default:
                if let scalar = Placeholder.fourByteScalar(source, at: index),
                    Placeholder.index(of: scalar, count: placeholders) != nil
                {
                    bytes.append(contentsOf: Self.replacement)
                    index += 4
                } else {
                    bytes.append(byte)
                    index += 1
                }
            }
            runStart = index
        }
        bytes.append(contentsOf: html[base + runStart..<base + index])
    }

    /// The end of a numeric character reference at `index` (`&#1048576;`, `&#x100000`) that
    /// decodes to a placeholder, or nil.
    private static func forgedReference(
        _ source: Span<UInt8>, at index: Int, placeholders: Int
    ) -> Int? {
        var cursor = index + 1
        guard placeholders > 0, cursor < source.count, source[cursor] == UInt8(ascii: "#") else { return nil }
        cursor += 1
        var hex = false
        if cursor < source.count, source[cursor] | 0x20 == UInt8(ascii: "x") {
            hex = true
            cursor += 1
        }
        var value: UInt32 = 0
        let digitsStart = cursor
        while cursor < source.count {
            let byte = source[cursor]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex:
                digit = UInt32(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex:
                digit = UInt32(byte - UInt8(ascii: "A")) + 10
            default: digit = 99
            }
            guard digit != 99 else { break }
            value = min(value * (hex ? 16 : 10) + digit, 0x11_0000)
            cursor += 1
        }
        guard cursor > digitsStart, Placeholder.index(of: value, count: placeholders) != nil else {
            return nil
        }
        if cursor < source.count, source[cursor] == UInt8(ascii: ";") { cursor += 1 }
        return cursor
    }
}
