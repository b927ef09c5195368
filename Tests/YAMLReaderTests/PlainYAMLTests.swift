import Foundation
import NoteModel
import TestSupport
import Testing

@testable import YAMLReader

/// The plain YAML reader must give libyaml's very nodes (kinds, styles, places) wherever it answers.
@Suite struct PlainYAMLTests {
    /// Pieces front matter is made of, and near misses that libyaml reads otherwise or rejects.
    static let keys = ["title", "a", "key_1", "x.y", "-x", ".a", "k k", "1", "é", "..."]
    static let separators = [":", ": ", ":  ", " :", ":\t", "", ":x "]
    static let values = [
        "plain", "a b", "a:b", "a: b", "a:", "'q'", "'it''s'", "'a' b", "\"d\"", "\"a\\\"b\"", "\"un",
        "[a, b]", "[]", "[ ]", "[a,]", "['x', \"y\"]", "[a b , c ]", "[a:b]", "[a, [b]]", "[a,,b]", "[a",
        "- a", "-1", "#c", "x # c", "x#y", "&a x", "*a", "|", ">", "{a: 1}", "café", "true", "~", "2.5",
        "https://x.org/a#b", "a\tb", "a\rb", "\u{85}", "\u{2028}", "\u{FEFF}x", "%x", "@x", "`x`", "?x",
        ":x", "!t x", "a ' b", "[don't]", "[é, b]", "\"é\" ", "'' ", "[a]x", "x  ",
    ]
    static let usualValues = [
        "plain", "a b", "a:b", "'q'", "'it''s'", "\"d\"", "[a, b]", "[]", "[a b , c ]", "café", "true", "2.5",
        "x#y", "[é, b]", "'' ", "x  ",
    ]
    static let lineShapes = 7

    static func randomLine(_ random: inout SeededGenerator) -> String {
        let indent = String(repeating: " ", count: [0, 0, 0, 1, 2, 2, 4].randomElement(using: &random)!)
        // Mostly pieces inside the subset, so that many documents are.
        let usual = Int.random(in: 0..<4, using: &random) > 0
        let key = (usual ? Array(keys.prefix(4)) : keys).randomElement(using: &random)!
        let value = (usual ? usualValues : values).randomElement(using: &random)!
        switch Int.random(in: 0..<lineShapes, using: &random) {
        case 0, 1: return indent + key + ": " + value
        case 2: return indent + key + separators.randomElement(using: &random)! + value
        case 3: return indent + key + ":"
        case 4: return indent + "- " + value
        case 5:
            return [indent, "", "---", "...", "# c", "  #", "-", indent + "-"].randomElement(using: &random)!
        default: return indent + value
        }
    }

    static func randomDocument(_ random: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...6, using: &random)
        let lines = (0..<count).map { _ in randomLine(&random) }
        return lines.joined(separator: "\n") + (Bool.random(using: &random) ? "\n" : "")
    }

    /// Where the plain reader answers, libyaml must read the text without error to the same tree.
    static func agrees(_ text: String) -> (answered: Bool, same: Bool) {
        guard let plain = PlainYAML.parse(text, file: "n.md", lineOffset: 1) else {
            return (false, true)
        }
        let reference = try? YAMLReader.parseWithLibyaml(text, file: "n.md", lineOffset: 1)
        return (true, reference == plain)
    }

    @Test func agreesWithLibyamlOnRandomDocuments() {
        var random = SeededGenerator(seed: 11)
        var answered = 0
        for _ in 0..<60_000 {
            let text = Self.randomDocument(&random)
            let result = Self.agrees(text)
            if result.answered { answered += 1 }
            #expect(result.same, "\(text.debugDescription)")
            if !result.same { return }
        }
        // Enough documents are in the subset for the comparison to mean something.
        #expect(answered > 5_000)
    }

    @Test(arguments: [
        "title: Logging\ndescription: Enable logging.\ncategories: []\nkeywords: []\n",
        "aliases: [/a/, /b/c/]\nparams:\n  functions_and_methods:\n    aliases: [after]\n    returnType: any\n"
            + "    signatures: ['collections.After INDEX COLLECTION']\n",
        "tags:\n  - a\n  - \"b\"\n  - 'it''s'\nempty:\nnext: 1\n",
        "build:\n  render: never\n  list: local\nweight: 10\nurl: https://example.org/a#b\n",
        "  indented: root\n  second: 2\n", "title: café [x]\nlist:\n    - é\n    - [é, b]\n",
    ])
    func readsFrontMatterAsLibyamlDoes(text: String) {
        let result = Self.agrees(text)
        #expect(result.answered)
        #expect(result.same)
    }

    @Test(arguments: [
        "a: b\n  c\n", "a:\n- b\n", "a: [b,\n  c]\n", "a: b # c\n", "a: &x b\n", "a: |\n  b\n",
        "a: \"b\\n\"\n",
        "a: 'b\n  c'\n", "- a: b\n", "a:\tb\n", "a: b\r\n", "a: b: c\n", "a: b\n c: d\n", "  a: 1\nb: 2\n",
    ])
    func leavesTheRestToLibyaml(text: String) {
        #expect(PlainYAML.parse(text, file: "n.md", lineOffset: 0) == nil)
    }
}
