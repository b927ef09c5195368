/// A request target checked before anything is looked up. libmicrohttpd is told not to decode URLs,
/// so this sees them as sent: `%2f` is still `%2f` and a `%00` has not cut the path short.
package enum RequestPath: Equatable {
    /// A site-relative key, e.g. `trips/lisbon.html`, or `trips/` for a folder (empty: the root).
    case site(String)
    /// Refused with the status and a one-line reason.
    case refused(status: Int, reason: String)

    static let maximumLength = 2048

    package init(raw: String) {
        let bytes = Array(raw.utf8)
        guard bytes.count <= Self.maximumLength else {
            self = .refused(status: 414, reason: "the path is longer than \(Self.maximumLength) bytes")
            return
        }
        guard bytes.first == UInt8(ascii: "/") else {
            self = .refused(status: 400, reason: "the path must start with '/'")
            return
        }
        var segments: [String] = []
        for rawSegment in bytes.dropFirst().split(
            separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        {
            switch Self.decode(Array(rawSegment)) {
            case .failure(let reason):
                self = .refused(status: 400, reason: reason)
                return
            case .success(let segment):
                if segment == "." || segment == ".." {
                    self = .refused(status: 400, reason: "'.' and '..' are not allowed in paths")
                    return
                }
                segments.append(segment)
            }
        }
        // Empty segments are only allowed last (`/trips/`); `//` in the middle names nothing.
        if segments.dropLast().contains("") {
            self = .refused(status: 400, reason: "empty path segments are not allowed")
            return
        }
        self = .site(segments.joined(separator: "/"))
    }

    private enum Decoded {
        case success(String)
        case failure(String)
    }

    /// Percent-decodes one segment, refusing what could change the path's shape or cut it short.
    private static func decode(_ bytes: [UInt8]) -> Decoded {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            var byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else {
                    return .failure("malformed percent-escape")
                }
                byte = high << 4 | low
                index += 3
                if byte == UInt8(ascii: "/") { return .failure("encoded '/' is not allowed") }
            } else {
                index += 1
            }
            if byte == UInt8(ascii: "\\") { return .failure("'\\' is not allowed in paths") }
            if byte < 0x20 || byte == 0x7F { return .failure("control characters are not allowed in paths") }
            output.append(byte)
        }
        guard let text = String(validating: output, as: UTF8.self) else {
            return .failure("the path is not valid UTF-8")
        }
        return .success(text)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
