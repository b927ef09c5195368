import Testing

@testable import SiteBuilder

/// The `exclude` globs, matched without regular expressions: each case is one a plausible slip in
/// the hand-written matcher gets wrong (a `*` crossing a folder, `**/` needing a folder, a
/// character regular expressions treat as special taken as one here, a partial match).
struct GlobTests {
    @Test(arguments: [
        ("*.md", "a.md", true), ("*.md", "a/b.md", false), ("*.md", "a.mdx", false), ("*.md", ".md", true),
        ("a?c", "abc", true), ("a?c", "ac", false), ("a?c", "a/c", false), ("a?c", "aéc", true),
        ("docs/**/x", "docs/x", true), ("docs/**/x", "docs/a/b/x", true), ("docs/**/x", "docsx", false),
        ("docs/**/x", "other/docs/x", false), ("docs/**", "docs/a/b", true), ("docs/**", "docs", false),
        ("**", "", true), ("**/a", "a", true), ("**/a", "b/a", true), ("**/a", "ba", false),
        ("a.b", "a.b", true), ("a.b", "axb", false), ("(x)+[y]", "(x)+[y]", true), ("a\\d", "a\\d", true),
        ("a*b*c", "abbbc", true), ("a*b*c", "abcd", false), ("a*", "a", true), ("", "", true),
        ("", "a", false),
        ("*-draft", "notes-draft", true), ("*-draft", "notes-draft-2", false),
    ])
    func matches(pattern: String, subject: String, expected: Bool) {
        #expect(Glob(pattern).matches(subject) == expected, "\(pattern) against \(subject)")
    }

    @Test func manyStarsStayFast() {
        // A backtracking matcher takes exponential time here; the table takes a moment.
        let pattern = String(repeating: "*a", count: 30) + "b"
        #expect(!Glob(pattern).matches(String(repeating: "a", count: 400)))
    }
}
