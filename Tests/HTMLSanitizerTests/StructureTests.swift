import CGumbo
import Foundation
import TestSupport
import Testing

@testable import HTMLSanitizer

/// The output is a balanced fragment: put into a page, nothing in it reaches outside the note's
/// element, and deep or hostile nesting stays linear.
@Suite struct StructureTests {
    /// The id of the element that holds `#after` when the output sits in `<div id=note>` in a page,
    /// and whether every element of the output is inside `#note`.
    static func placement(of html: String) -> (afterParent: String, outside: Int) {
        let page =
            "<!DOCTYPE html><html><body><main id=main><div id=note>\(html)</div><p id=after></p></main>"
        var afterParent = ""
        var outside = 0
        var options = kGumboDefaultOptions
        page.withCString { text in
            guard let output = gumbo_parse_with_options(&options, text, strlen(text)) else { return }
            defer { gumbo_destroy_output(&options, output) }
            var stack: [(UnsafeMutablePointer<GumboNode>, inNote: Bool, parentID: String)] = [
                (output.pointee.root, false, "")
            ]
            while let (node, inNote, parentID) = stack.popLast() {
                guard node.pointee.type == GUMBO_NODE_ELEMENT else { continue }
                let id =
                    gumbo_get_attribute(&node.pointee.v.element.attributes, "id")
                    .map { String(cString: $0.pointee.value) } ?? ""
                if id == "after" { afterParent = parentID }
                let tag = node.pointee.v.element.tag
                let structural =
                    [GUMBO_TAG_HTML, GUMBO_TAG_HEAD, GUMBO_TAG_BODY].contains(tag) || id == "main"
                if !inNote, !structural, id != "note", id != "after" { outside += 1 }
                let children = node.pointee.v.element.children
                for index in 0..<Int(children.length) {
                    guard let child = children.data[index]?.assumingMemoryBound(to: GumboNode.self) else {
                        continue
                    }
                    stack.append((child, inNote || id == "note", id))
                }
            }
        }
        return (afterParent, outside)
    }

    static let hostile = [
        "<div>", "<div><p><b><i>", "</div></article>", "</main><p>x", "</div></div></div></body></html>",
        "<table><tr><td>", "<ul><li>", "<details><summary>", "<a href=x>", "<pre>", "<blockquote>",
        "<table>x", "<div></body><p>", "<frameset>", "<select><option>", "<plaintext>", "<xmp>", "<textarea>",
        "<!--", "<script>", "<style>", "<iframe src=\"https://www.youtube.com/embed/x\">",
        "<svg><foreignObject><div>", "<math><mi>", "<h1><h2>", "<b><table><td></b>x",
    ]

    @Test(arguments: hostile)
    func staysInsideTheNote(_ authored: String) {
        let html = HTMLSanitizer().sanitize(pieces("\(authored){0}")).html
        let placed = Self.placement(of: html)
        #expect(placed.afterParent == "main", "\(html)")
        #expect(placed.outside == 0, "\(html)")
        #expect(markers(html) == [0])
        #expect(HTMLSanitizer.audit(html) == [], "\(html)")
    }

    @Test func tenThousandLevelsWalkWithoutRecursion() {
        let depth = 10_000
        let html = String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth)
        let result = HTMLSanitizer().sanitize(
            [.authored(html)], reservedIDs: [], maximumDepth: 2 * depth, urls: { _, _, _ in .keep })
        #expect(result.html == html)
    }

    @Test func depthBeyondTheLimitBecomesText() {
        let depth = 10_000
        let authored =
            String(repeating: "<div><b>", count: depth) + "{0}"
            + String(repeating: "</b></div>", count: depth)
        var result = HTMLSanitizer.Result(html: "", removed: [])
        let elapsed = ThreadCPUClock.measure { result = HTMLSanitizer().sanitize(pieces(authored)) }
        print("sanitize: 10,000 levels of <div><b> in \(elapsed)")
        #expect(result.removed == ["elements nested deeper than 1024 levels"])
        #expect(markers(result.html) == [0])
        #expect(result.html.components(separatedBy: "<div>").count - 1 <= HTMLSanitizer.maximumDepth)
        #expect(Self.placement(of: result.html).afterParent == "main")
        #expect(HTMLSanitizer.audit(result.html) == [])
        let sanitized = ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] != nil
        #expect(sanitized || elapsed < .seconds(10))
    }

    struct Large: CustomTestStringConvertible, Sendable {
        var name: String
        var authored: String
        var testDescription: String { name }
        init(_ name: String, _ authored: String) {
            self.name = name
            self.authored = authored
        }
    }

    static let large: [Large] = [
        Large(
            "1 MB of mixed markup",
            String(
                repeating: "<p class=x>Some <b>bold</b> and <a href=\"a.html\">a link</a>.</p>\n",
                count: 16_000)),
        Large("100,000 unclosed <b>", String(repeating: "<b>x", count: 100_000)),
        Large("50,000 misnested <b><div></b>", String(repeating: "<b><div></b>", count: 50_000)),
        Large("50,000 <a x=i> formatting", (0..<50_000).map { "<a x=\($0)>y" }.joined()),
        Large("20,000 tables", String(repeating: "<table><tr><td>", count: 20_000)),
        Large("100,000 </x> stray", "<div>" + String(repeating: "</x>y", count: 100_000)),
        Large(
            "1024 <b x> then 1 MB text",
            (0..<1024).map { "<b x=\($0)><div>" }.joined() + String(repeating: "text ", count: 200_000)),
        Large("100,000 same ids", String(repeating: "<p id=same>x</p>", count: 100_000)),
    ]

    @Test func manySmallAuthoredPiecesStayLinear() {
        let list = Array(repeating: HTMLSanitizer.Piece.authored("<b>x</b>"), count: 200_000)
        var result = HTMLSanitizer.Result(html: "", removed: [])
        let elapsed = ThreadCPUClock.measure { result = HTMLSanitizer().sanitize(list) }
        print("sanitize 200,000 authored pieces: \(elapsed)")
        #expect(result.html == String(repeating: "<b>x</b>", count: 200_000))
        let sanitized = ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] != nil
        #expect(sanitized || elapsed < .seconds(10))
    }

    @Test(arguments: large)
    func staysLinear(_ example: Large) {
        let (name, authored) = (example.name, example.authored)
        var result = HTMLSanitizer.Result(html: "", removed: [])
        let elapsed = ThreadCPUClock.measure { result = HTMLSanitizer().sanitize([.authored(authored)]) }
        print("sanitize \(name): \(elapsed) for \(authored.utf8.count) bytes")
        #expect(!result.html.isEmpty)
        let sanitized = ProcessInfo.processInfo.environment["NOTESITE_SANITIZER"] != nil
        #expect(sanitized || elapsed < .seconds(10), "\(name) took \(elapsed)")
    }
}
