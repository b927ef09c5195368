import Foundation
import HTMLSanitizer
import Testing

/// Trusted pieces come back exactly once each, in order, wherever the parser put their
/// placeholders.
@Suite struct PlaceholderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var template: String
        var html: String
        var testDescription: String { template }
    }

    static let cases: [Case] = [
        Case(
            template: "<details>{0}<summary>s</summary>{1}</details>",
            html: "<details><!--T0--><summary>s</summary><!--T1--></details>"),
        Case(template: "<div class=note>{0}", html: "<div class=\"note\"><!--T0--></div>"),
        Case(template: "{0}</div></article>{1}", html: "<!--T0--><!--T1-->"),
        Case(template: "<p>a{0}b{1}c</p>", html: "<p>a<!--T0-->b<!--T1-->c</p>"),
        // Text in a table but outside a cell is put before the table; the order is kept.
        Case(
            template: "<table>{0}<tr><td>{1}</td></tr></table>",
            html: "<!--T0--><table><tbody><tr><td><!--T1--></td></tr></tbody></table>"),
        Case(
            template: "<table><tr><td>{0}</td></tr>{1}</table>{2}",
            html: "<table><tbody><tr><td><!--T0--><!--T1--></td></tr></tbody></table><!--T2-->"),
        Case(template: "<script>{0}</script>{1}", html: "<!--T0--><!--T1-->"),
        Case(template: "<style>{0}", html: "<!--T0-->"),
        Case(template: "<textarea>{0}</textarea><p>x</p>", html: "<!--T0--><p>x</p>"),
        Case(template: "<!-- {0} -->{1}", html: "<!--T0--><!--T1-->"),
        Case(template: "<a title=\"{0}\">x</a>{1}", html: "<!--T0--><a title=\"\">x</a><!--T1-->"),
        Case(template: "<img src=\"{0}\">", html: "<!--T0--><img src=\"\">"),
        Case(template: "<svg><g>{0}</g></svg>{1}", html: "<!--T0--><!--T1-->"),
        Case(template: "<iframe src=\"https://evil.example\">{0}</iframe>", html: "<!--T0-->"),
        Case(template: "<!DOCTYPE {0}>{1}", html: "<!--T0--><!--T1-->"),
        // A stray `</p>` makes an empty paragraph (as in browsers); the end tag's attributes are dropped.
        Case(template: "a</p {0}>{1}", html: "a<p></p><!--T0--><!--T1-->"),
        // A placeholder in an end tag is lost by the parser: it follows the one before it.
        Case(template: "<x{0}>y</x{1}>", html: "<!--T0--><!--T1-->y"),
        Case(
            template: "<b title=\"{0}\"><p>x</b>y",
            html: "<!--T0--><b title=\"\"></b><p><b title=\"\">x</b>y</p>"),
        Case(template: "<pre>{0}</pre>", html: "<pre><!--T0--></pre>"),
        Case(template: "<plaintext>{0}{1}", html: "<!--T0--><!--T1-->"),
    ]

    @Test(arguments: cases)
    func comesBack(_ example: Case) {
        let result = HTMLSanitizer().sanitize(pieces(example.template))
        #expect(result.html == example.html)
        #expect(markers(result.html) == Array(0..<markers(result.html).count))
    }

    @Test func aTrustedPieceStartingWithANewlineInPreKeepsIt() {
        let result = HTMLSanitizer().sanitize([.authored("<pre>"), .trusted("\nline"), .authored("</pre>")])
        #expect(result.html == "<pre>\n\nline</pre>")
    }

    @Test func authoredTextCannotForgeAPlaceholder() {
        let forged = "\u{100000}&#x100000;&#1048577;&#x0100001"
        let result = HTMLSanitizer().sanitize([
            .trusted("<!--T0-->"), .authored(forged), .trusted("<!--T1-->"),
        ])
        #expect(result.html == "<!--T0-->\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}<!--T1-->")
    }

    @Test func aReferenceSplitBetweenAuthoredPiecesCannotForgeOne() {
        let result = HTMLSanitizer().sanitize([
            .trusted("<!--T0-->"), .authored("&#x10"), .authored("0000;"), .trusted("<!--T1-->"),
        ])
        #expect(result.html == "<!--T0-->\u{FFFD}<!--T1-->")
    }

    @Test func privateUseTextBeyondThePlaceholdersInUseIsKept() {
        let icons = "\u{F0001}\u{100005}"
        #expect(
            HTMLSanitizer().sanitize([.trusted("t"), .authored("<b>\(icons)</b>")]).html == "t<b>\(icons)</b>"
        )
    }

    @Test func nulBecomesAReplacementCharacter() {
        #expect(
            sanitize("a\u{0}b<b title=\"x\u{0}y\">c</b>").html == "a\u{FFFD}b<b title=\"x\u{FFFD}y\">c</b>")
    }

    @Test func manyPiecesComeBackInOrder() {
        var list: [HTMLSanitizer.Piece] = []
        for index in 0..<3000 {
            list.append(.authored(index.isMultiple(of: 3) ? "<table><tr><td>" : "<b>"))
            list.append(.trusted("<!--T\(index)-->"))
        }
        let html = HTMLSanitizer().sanitize(list).html
        #expect(markers(html) == Array(0..<3000))
    }

    @Test func piecesBeyondThePlaceholdersAreMergedAndEscaped() {
        var list: [HTMLSanitizer.Piece] = []
        for index in 0..<(2 * 65534 + 2) {
            list.append(.trusted("<i>\(index)</i>"))
            list.append(.authored("<br>"))
        }
        let html = HTMLSanitizer().sanitize(list).html
        #expect(html.hasSuffix("<br><i>131067</i>&lt;br&gt;<i>131068</i>&lt;br&gt;<i>131069</i>&lt;br&gt;"))
        #expect(html.components(separatedBy: "</i>").count == 2 * 65534 + 3)
    }
}
