import NoteHTML
import Testing

/// Which link and image URLs the writer drops: cmark's safe-mode schemes, and the two old script
/// schemes the HTML sanitizer refuses too.
@Suite struct URLSafetyTests {
    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:x", "vbscript:msgbox", "file:///etc/passwd", "data:text/html,x",
        "livescript:x", "MOCHA:https://example.org", "data:image/svg+xml,x",
    ])
    func dropped(_ url: String) {
        #expect(URLSafety.isDangerous(url))
    }

    @Test(arguments: [
        "https://example.org", "mailto:a@example.org", "notes/lisbon.html", "mochas.html", "lives.md",
        "data:image/png;base64,AA==", "#top",
    ])
    func kept(_ url: String) {
        #expect(!URLSafety.isDangerous(url))
    }
}
