import NoteModel
import TestSupport
import Testing

@testable import SiteBuilder

/// `BuildReport.inOrder` ranks files once instead of comparing paths in every step of the sort; it
/// must give the order of the plain sort by (file, line, column, message) exactly.
@Suite struct DiagnosticOrderTests {
    /// The order before files were ranked: tuples compared as written.
    static func reference(_ diagnostics: Set<Diagnostic>) -> [Diagnostic] {
        diagnostics.sorted { a, b in
            let left = (a.location?.file ?? "", a.location?.line ?? 0, a.location?.column ?? 0)
            let right = (b.location?.file ?? "", b.location?.line ?? 0, b.location?.column ?? 0)
            return left != right ? left < right : a.message < b.message
        }
    }

    /// Paths alike but for their end, names equal but for Unicode normalization (equal as Strings),
    /// diagnostics without a place, and places shared by several messages.
    static func randomDiagnostics(_ random: inout SeededGenerator) -> Set<Diagnostic> {
        let files = [
            "", "a.md", "copy0/hugo/en/functions/x.md", "copy0/hugo/en/functions/y.md", "copy1/hugo/en/a.md",
            "caf\u{E9}.md", "cafe\u{301}.md", "Z.md", "\u{C5}ngstr\u{F6}m/b.md",
            "copy0/hugo/en/functions/x.mdx",
        ]
        var diagnostics: Set<Diagnostic> = []
        for _ in 0..<Int.random(in: 0...300, using: &random) {
            let message = "problem \(Int.random(in: 0..<4, using: &random))"
            let file = files.randomElement(using: &random) ?? ""
            let location =
                Bool.random(using: &random) && !file.isEmpty
                ? SourceLocation(
                    file: file, line: Int.random(in: 0..<5, using: &random),
                    column: Int.random(in: 0..<3, using: &random))
                : nil
            // One severity per place and message, so no two are tied in every compared part.
            diagnostics.insert(Diagnostic(.warning, message, at: location))
        }
        return diagnostics
    }

    @Test func ranksGiveTheOrderOfThePlainSort() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<300 {
            let diagnostics = Self.randomDiagnostics(&random)
            #expect(BuildReport.inOrder(diagnostics) == Self.reference(diagnostics))
        }
    }

    @Test func filesComeInStringOrderThenLinesAndColumns() {
        let place = { (file: String, line: Int, column: Int) in
            SourceLocation(file: file, line: line, column: column)
        }
        let diagnostics: Set<Diagnostic> = [
            .warning("b", at: place("b.md", 2, 1)), .warning("a", at: place("b.md", 10, 1)),
            .warning("c", at: place("a.md", 3, 4)), .warning("d", at: place("a.md", 3, 2)),
            .warning("e"), .error("f", at: place("b.md", 2, 1)),
        ]
        #expect(BuildReport.inOrder(diagnostics).map(\.message) == ["e", "d", "c", "b", "f", "a"])
    }
}
