import Foundation
import HTMLSanitizer

/// The sanitizer with the default policy, on authored HTML alone.
func sanitize(_ authored: String, reservedIDs: Set<String> = []) -> HTMLSanitizer.Result {
    HTMLSanitizer().sanitize([.authored(authored)], reservedIDs: reservedIDs)
}

/// Pieces written compactly: `{0}`, `{1}`... stand for trusted pieces `<!--T0-->`, `<!--T1-->`
/// (a comment: authored text can never produce one, so each marker in the output is a trusted
/// piece coming back).
func pieces(_ template: String) -> [HTMLSanitizer.Piece] {
    var result: [HTMLSanitizer.Piece] = []
    var rest = Substring(template)
    var index = 0
    while let open = rest.range(of: "{\(index)}") {
        if open.lowerBound > rest.startIndex { result.append(.authored(String(rest[..<open.lowerBound]))) }
        result.append(.trusted("<!--T\(index)-->"))
        rest = rest[open.upperBound...]
        index += 1
    }
    if !rest.isEmpty { result.append(.authored(String(rest))) }
    return result
}

/// The trusted markers in `html` in the order they appear.
func markers(_ html: String) -> [Int] {
    var found: [Int] = []
    var rest = Substring(html)
    while let open = rest.range(of: "<!--T") {
        let digits = rest[open.upperBound...].prefix { $0.isNumber }
        found.append(Int(digits) ?? -1)
        rest = rest[open.upperBound...]
    }
    return found
}
