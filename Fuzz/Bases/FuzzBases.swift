import Bases
import FuzzSupport

/// A `.base` file read and evaluated over a few fixed rows: no crash, no hang, every warning at a
/// place inside the file, and the same result twice.
enum BasesTarget {
    static let rows = [
        BaseRow(
            path: "books/Dune.md", size: 1200, created: BaseDate(milliseconds: 1_700_000_000_000),
            modified: BaseDate(milliseconds: 1_710_000_000_000), tags: ["book", "scifi/classic"],
            links: ["authors/Herbert.md"],
            properties: [
                BaseEntry("price", .number(9.5)), BaseEntry("status", .string("done")),
                BaseEntry("tags", .list([.string("book")])),
                BaseEntry("author", .link(BaseLink(target: "[[Herbert]]"))),
                BaseEntry("done", .bool(true)),
            ]),
        BaseRow(path: "authors/Herbert.md", size: 300, tags: ["person"]),
        BaseRow(
            path: "Home.md",
            properties: [BaseEntry("price", .string("free")), BaseEntry("due", .string("2025-01-31"))]),
    ]

    static func run(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let base = BaseFile.parse(text, file: "fuzz.base")
        let options = BaseEvaluator.Options(now: BaseDate(milliseconds: 1_720_000_000_000), this: rows[2])
        let result = BaseEvaluator(base: base, rows: rows, options: options).evaluate()
        // libyaml also breaks lines at CR, NEL and the Unicode line and paragraph separators.
        let lines =
            1
            + text.unicodeScalars.filter { ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }.count
        for diagnostic in result.diagnostics {
            guard let location = diagnostic.location else { continue }
            FuzzReplay.check(
                location.line >= 1 && location.line <= lines + 1 && location.column >= 1,
                "a warning outside the file: \(diagnostic)")
        }
        let again = BaseEvaluator(base: BaseFile.parse(text, file: "fuzz.base"), rows: rows, options: options)
            .evaluate()
        FuzzReplay.check(again == result, "two evaluations of one base differ")
        regex(text)
    }

    /// An input whose first line is a regular expression literal: the rest is a text to search.
    /// No crash, no hang (every search is linear and budgeted), and the answers agree: `$&` puts
    /// each match back, and a pattern that matches nowhere replaces nothing.
    static func regex(_ input: String) {
        let lines = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("/"),
            let regex = try? BaseRegex(literal: String(first))
        else { return }
        let text = lines.count > 1 ? String(lines[1]) : ""
        var budget = Bases.stepBudget
        let found = try? regex.matches(text, budget: &budget)
        budget = Bases.stepBudget
        if let same = try? regex.replace(
            in: text, with: "$&", budget: &budget, maximumLength: Bases.maximumLength)
        {
            FuzzReplay.check(same == text, "replacing each match of \(regex) by itself changed the text")
        }
        budget = Bases.stepBudget
        if found == false,
            let replaced = try? regex.replace(
                in: text, with: "x", budget: &budget, maximumLength: Bases.maximumLength)
        {
            FuzzReplay.check(replaced == text, "\(regex) matches nowhere but replaced text")
        }
        budget = Bases.stepBudget
        if let parts = try? regex.split(text, limit: nil, budget: &budget), regex.groupCount == 0 {
            let length = parts.reduce(0) { $0 + ($1?.unicodeScalars.count ?? 0) }
            FuzzReplay.check(length <= text.unicodeScalars.count, "splitting with \(regex) made text")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    BasesTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
    @main enum Replay {
        static func main() { FuzzReplay.main(BasesTarget.run) }
    }
#endif
