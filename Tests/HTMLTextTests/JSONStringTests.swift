import Foundation
import HTMLText
import Testing

@Suite struct JSONStringTests {
    @Test(arguments: [
        "plain", "quote \" and \\ backslash", "lines\nand\ttabs\r", "</script><!-- & >", "\u{1}\u{1f}",
        "café 🙂 日本", "line\u{2028}para\u{2029}end", "",
    ])
    func roundTripsThroughJSONAndIsScriptSafe(text: String) throws {
        let literal = JSONString.literal(text)
        #expect(!literal.contains("<") && !literal.contains(">") && !literal.contains("&"))
        #expect(!literal.contains("\u{2028}") && !literal.contains("\u{2029}") && !literal.contains("\n"))
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [text])
    }
}

/// The bytes appended in place are the literal's, after what the buffer held; random text (controls,
/// quotes, HTML, U+2028 and its neighbours, other UTF-8) still reads back through a JSON parser.
@Suite struct JSONStringBytesTests {
    @Test func appendedBytesAreTheLiteral() throws {
        let pieces = [
            "a", "\"", "\\", "<", ">", "&", "\n", "\u{1}", "\u{1f}", "\u{2028}", "\u{2029}", "\u{2027}", "é",
            "🙂", " ",
        ]
        var state: UInt64 = 5
        for _ in 0..<500 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 59) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            for inScript in [true, false] {
                var out = Array("x=".utf8)
                JSONString.append(text, inScript: inScript, to: &out)
                let literal = JSONString.literal(text, inScript: inScript)
                #expect(out == Array("x=".utf8) + Array(literal.utf8))
                var fromSpan = Array("x=".utf8)
                JSONString.append(utf8: Array(text.utf8).span, inScript: inScript, to: &fromSpan)
                #expect(fromSpan == out)
                let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
                #expect(decoded == [text], "\(Array(text.unicodeScalars))")
                if inScript { #expect(!literal.contains("<") && !literal.contains("&")) }
            }
        }
        #expect(JSONString.literal("\u{1f}\u{2029}") == "\"\\u001f\\u2029\"")
    }
}
