internal import HTMLText

/// The bytes gumbo parses: authored HTML with a placeholder where each trusted piece goes.
/// Authored text is made unable to forge a placeholder (the code point itself or a numeric
/// character reference to it becomes U+FFFD), NUL becomes U+FFFD (a C string would end there),
/// and a start tag nested deeper than the limit is written as text.
struct FragmentInput {
    var bytes: [UInt8] = []
    var trusted: [String] = []
    /// Whether some start tag was too deep and became text.
    var tooDeep = false
    let depthLimit: Int

    init(_ pieces: [HTMLSanitizer.Piece], maximumDepth: Int) {
        depthLimit = maximumDepth
        var pieces = Self.joiningAuthored(pieces)
        Self.mergeOverflow(&pieces)
        let count = pieces.reduce(0) { total, piece in
            if case .trusted = piece { return total + 1 }
            return total
        }
        bytes.reserveCapacity(pieces.reduce(0) { $0 + Self.length($1) })
        trusted.reserveCapacity(count)
        var depth = DepthEstimate(limit: maximumDepth)
        for piece in pieces {
            switch piece {
            case .trusted(let html):
                Placeholder.appendUTF8(trusted.count, to: &bytes)
                trusted.append(html)
            case .authored(let html):
                var html = html
                html.withUTF8 { appendAuthored($0, placeholders: count, depth: &depth) }
            }
        }
        tooDeep = depth.exceeded
    }

    private static func length(_ piece: HTMLSanitizer.Piece) -> Int {
        switch piece {
        case .trusted: 4
        case .authored(let html): html.utf8.count
        }
    }

    /// Authored pieces side by side as one, so nothing split between them (`&#x10` and `0000;`)
    /// escapes the checks.
    private static func joiningAuthored(_ pieces: [HTMLSanitizer.Piece]) -> [HTMLSanitizer.Piece] {
        var joined: [HTMLSanitizer.Piece] = []
        joined.reserveCapacity(pieces.count)
        var pending = ""
        var hasPending = false
        for piece in pieces {
            switch piece {
            case .authored(let html):
                pending += html
                hasPending = true
            case .trusted:
                if hasPending { joined.append(.authored(pending)) }
                pending = ""
                hasPending = false
                joined.append(piece)
            }
        }
        if hasPending { joined.append(.authored(pending)) }
        return joined
    }

    /// Beyond the placeholders there are, the last trusted piece takes every piece after it, the
    /// authored ones escaped: shown as text, never lost, never live.
    private static func mergeOverflow(_ pieces: inout [HTMLSanitizer.Piece]) {
        var seen = 0
        guard
            let last = pieces.firstIndex(where: { piece in
                guard case .trusted = piece else { return false }
                seen += 1
                return seen == Placeholder.limit
            }), last + 1 < pieces.count
        else { return }
        var merged = ""
        for piece in pieces[last...] {
            switch piece {
            case .trusted(let html): merged += html
            case .authored(let html): merged += HTMLText.escaped(html)
            }
        }
        pieces.replaceSubrange(last..., with: [.trusted(merged)])
    }

    /// Bytes that need a look: NUL, `&`, `<`, and the lead bytes of planes 15 and 16.
    private static let special: [Bool] = (0...255).map { byte in
        byte == 0 || byte == 0x26 || byte == 0x3C || byte == 0xF3 || byte == 0xF4
    }

    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    private mutating func appendAuthored(
        _ source: UnsafeBufferPointer<UInt8>, placeholders: Int, depth: inout DepthEstimate
    ) {
        var index = 0
        var runStart = 0
        let special = Self.special
        while index < source.count {
            let byte = source[index]
            guard special[Int(byte)] else {
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
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
                    bytes.append(contentsOf: Array("&lt;".utf8))
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
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
    }

    /// The end of a numeric character reference at `index` (`&#1048576;`, `&#x100000`) that
    /// decodes to a placeholder, or nil.
    private static func forgedReference(
        _ source: UnsafeBufferPointer<UInt8>, at index: Int, placeholders: Int
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
