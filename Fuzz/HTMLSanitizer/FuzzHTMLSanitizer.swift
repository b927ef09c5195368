import FuzzSupport
import HTMLSanitizer

/// Authored HTML with trusted pieces between its parts (NUL separates the parts): no crash, no
/// hang, the output parsed again holds only what the allowlist allows (no `on*`, no script URL,
/// no foreign iframe), and every trusted piece comes back exactly once, in order.
enum SanitizerTarget {
    static func run(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, omittingEmptySubsequences: false)
        var pieces: [HTMLSanitizer.Piece] = []
        for (index, part) in parts.enumerated() {
            if index > 0 { pieces.append(.trusted(marker(index - 1))) }
            if !part.isEmpty { pieces.append(.authored(String(decoding: part, as: UTF8.self))) }
        }
        let trustedCount = parts.count - 1
        // The callback's three answers, picked by the URL, so each path runs (an iframe's source
        // is kept: a replacement is the caller's and not checked again).
        let result = HTMLSanitizer().sanitize(pieces, reservedIDs: ["a", "top"]) {
            element, _, value -> HTMLSanitizer.URLDecision in
            guard element != "iframe" else { return .keep }
            switch value.utf8.last {
            case UInt8(ascii: "r"): return .replace("replaced.html")
            case UInt8(ascii: "d"): return .remove
            default: return .keep
            }
        }
        let problems = HTMLSanitizer.audit(result.html)
        FuzzReplay.check(problems.isEmpty, "unsafe output \(problems): \(result.html)")
        FuzzReplay.check(Set(result.removed).count == result.removed.count, "a removal reported twice")
        var rest = Substring(result.html)
        var expected = 0
        while let start = rest.firstRange(of: "<!--T") {
            let digits = rest[start.upperBound...].prefix { $0.isNumber }
            FuzzReplay.check(Int(digits) == expected, "trusted piece \(digits) where \(expected) belongs")
            expected += 1
            rest = rest[start.upperBound...]
        }
        FuzzReplay.check(expected == trustedCount, "\(expected) of \(trustedCount) trusted pieces came back")
    }

    /// A comment: authored text cannot produce one (its `<` is escaped), so each is a trusted piece.
    static func marker(_ index: Int) -> String { "<!--T\(index)-->" }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    SanitizerTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
    @main enum Replay {
        static func main() { FuzzReplay.main(SanitizerTarget.run) }
    }
#endif
