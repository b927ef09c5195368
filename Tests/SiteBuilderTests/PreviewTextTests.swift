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

    @Test func asciiLinesAreTheCharacterLines() {
        let pieces = ["a", "let x = 1", " ", "\n", "\n\n", "{", "}", "//", "\t"]
        var state: UInt64 = 9
        for _ in 0..<2_000 {
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
