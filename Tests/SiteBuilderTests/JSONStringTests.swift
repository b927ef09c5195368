import Foundation
import SiteBuilder
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
