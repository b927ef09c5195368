import Testing

@testable import SiteBuilder

/// The byte lines against the character lines.
struct PreviewTextTests {
    static func randomText(_ state: inout UInt64, pieces: [String]) -> String {
        var text = ""
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        for _ in 0..<Int(state >> 57) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text += pieces[Int(state >> 33) % pieces.count]
        }
        return text
    }

    /// Lines cut on bytes against lines cut by characters: ASCII code, and text with accents, CJK,
    /// Hangul, a combining mark, CR LF, an emoji and a joiner (``SeparateScalarTests/pieces``).
    @Test(arguments: [
        ["a", "let x = 1", " ", "\n", "\n\n", "{", "}", "//", "\t"], SeparateScalarTests.pieces,
    ])
    func linesAreTheCharacterLines(pieces: [String]) {
        var state: UInt64 = 9
        for _ in 0..<3_000 {
            let code = Self.randomText(&state, pieces: pieces)
            let limit = Int(state >> 57) % 90
            #expect(
                PreviewText.lines(of: code, within: limit)
                    == PreviewText.characterLines(of: code, within: limit),
                "\(code.debugDescription) \(limit)")
        }
        // Not ASCII: by characters.
        #expect(PreviewText.lines(of: "é\nf\ng", within: 4) == "é\nf\n…\n")
    }
}
