import FuzzSupport
import HTMLSanitizer
import HTMLText
import JSONCanvas
import NoteModel
import SiteBuilder

/// A `.canvas` file read and written as its page's body, beside a note, an image and a text file
/// for its file nodes: no crash, no hang, every node object either drawn or named by a diagnostic
/// inside it, every place and size in the HTML a finite number, and nothing authored unescaped
/// (the board's own markup has only its own elements and attributes; the nodes' content passes
/// the sanitizer's audit).
enum CanvasTarget {
    static let notes = [
        (path: "Note.md", markdown: "# Note\n\nIntro. ^intro\n\n## Part\n\nText [[board.canvas]].\n"),
        (path: "folder/Other.md", markdown: "# Other\n\n![[board.canvas]]\n"),
    ]
    static let files = ["pic.png", "folder/doc.txt"]

    static func run(_ bytes: [UInt8]) {
        let proof = CanvasProof(board: bytes, notes: notes, files: files)
        let html = proof.html
        checkNodes(bytes, proof)
        checkNumbers(html)
        let (svg, rest) = splitEdges(html)
        checkEdges(svg)
        // The board's own attributes renamed to ones the audit knows, so what remains to flag is
        // what the author wrote.
        var audited = rest
        for (own, known) in [
            ("data-node=\"", "title=\""), ("data-canvas-width=\"", "width=\""),
            ("data-canvas-height=\"", "height=\""),
        ] {
            audited = audited.replacing(own, with: known)
        }
        // `data-` attributes and `download` run nothing, and the writer's own markup has them
        // (callouts, embeds, a file's link).
        let problems = HTMLSanitizer.audit(audited).filter {
            !$0.hasPrefix("attribute data-") && !$0.hasPrefix("attribute download ")
        }
        FuzzReplay.check(problems.isEmpty, "unsafe board \(problems): \(html)")
        FuzzReplay.check(
            CanvasProof(board: bytes, notes: notes, files: files).html == html,
            "two writings of a board differ")
    }

    /// Each element of `nodes` is drawn (its id's list item is in the page) or a diagnostic lies
    /// between its start and the next one's; invalid JSON is an error and draws nothing.
    static func checkNodes(_ bytes: [UInt8], _ proof: CanvasProof) {
        let canvas = proof.canvas
        guard let root = try? JSONParser.parse(bytes) else {
            FuzzReplay.check(
                canvas.nodes.isEmpty && proof.diagnostics.contains { $0.severity == .error },
                "invalid JSON without an error, or with nodes")
            return
        }
        for node in canvas.nodes {
            FuzzReplay.check(
                proof.html.contains("data-node=\"\(node.id.htmlEscaped)\" style=\"--x:"),
                "node '\(node.id)' kept but not drawn")
            let frame = node.frame
            FuzzReplay.check(
                [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) && frame.width > 0
                    && frame.height > 0, "node '\(node.id)' has a frame \(frame)")
        }
        guard case .array(let elements)? = root["nodes"]?.kind else { return }
        let drawn = Set(canvas.nodes.map(\.location))
        let places = proof.diagnostics.compactMap { $0.location }.filter { $0.file == "board.canvas" }
        for (index, element) in elements.enumerated() {
            let start = canvas.location(ofOffset: element.offset)
            guard !drawn.contains(start) else { continue }
            let end = index + 1 < elements.count ? canvas.location(ofOffset: elements[index + 1].offset) : nil
            let named = places.contains { place in
                (place.line, place.column) >= (start.line, start.column)
                    && end.map { (place.line, place.column) < ($0.line, $0.column) } ?? true
            }
            FuzzReplay.check(named, "node \(index) at \(start) neither drawn nor named")
        }
    }

    /// Each node's place and size (`--x`, `--y`, `--w`, `--h` in its list item's style) and the
    /// board's size are finite and within the limit (twice the coordinate limit, and the margin).
    /// Only the writer's own tags are read: a text node may say `--x:` too.
    static func checkNumbers(_ html: String) {
        let bound = 2 * Canvas.coordinateLimit + 1000
        func check(_ written: Substring, _ what: String) {
            let value = Double(written)
            FuzzReplay.check(value.map { $0.isFinite && abs($0) <= bound } ?? false, "\(what) '\(written)'")
        }
        if let board = html.firstRange(of: "<div class=\"canvas\"") {
            let tag = html[board.upperBound...].prefix { $0 != ">" }
            for name in ["data-canvas-width=\"", "data-canvas-height=\""] {
                guard let found = tag.firstRange(of: name) else { continue }
                check(tag[found.upperBound...].prefix { $0 != "\"" }, name)
            }
        }
        var rest = Substring(html)
        while let item = rest.firstRange(of: "<li class=\"canvas-node") {
            let tag = rest[item.upperBound...].prefix { $0 != ">" }
            rest = rest[item.upperBound...]
            guard let style = tag.firstRange(of: " style=\"") else {
                FuzzReplay.check(false, "a node without its style: \(tag)")
                continue
            }
            let declarations = tag[style.upperBound...].prefix { $0 != "\"" }.split(separator: ";")
            for declaration in declarations
            where ["--x:", "--y:", "--w:", "--h:"].contains(declaration.prefix(4)) {
                FuzzReplay.check(declaration.hasSuffix("px"), "\(declaration)")
                check(declaration.dropFirst(4).dropLast(2), String(declaration.prefix(4)))
            }
            FuzzReplay.check(declarations.count >= 5, "a node's style without its place: \(tag)")
        }
    }

    /// The edges' SVG and the HTML around it.
    static func splitEdges(_ html: String) -> (svg: Substring, rest: String) {
        guard let start = html.firstRange(of: "<svg class=\"canvas-edges\""),
            let end = html[start.lowerBound...].firstRange(of: "</svg>\n")
        else {
            FuzzReplay.check(!html.contains("<svg"), "an SVG that is not the edges'")
            return ("", html)
        }
        return (
            html[start.lowerBound..<end.upperBound],
            String(html[..<start.lowerBound] + html[end.upperBound...])
        )
    }

    /// The edges' SVG holds only the writer's elements and attributes, quoted values without
    /// markup, and text without `<`; every coordinate a finite number.
    static func checkEdges(_ svg: Substring) {
        let elements: Set<Substring> = ["svg", "g", "path", "polygon", "text"]
        let attributes: Set<Substring> = [
            "class", "width", "height", "viewBox", "style", "aria-hidden", "data-edge", "d", "points", "x",
            "y",
        ]
        var rest = svg
        while let open = rest.firstIndex(of: "<") {
            FuzzReplay.check(!rest[..<open].contains(">"), "a '>' in the edges' text: \(svg)")
            guard let close = rest[open...].firstIndex(of: ">") else {
                FuzzReplay.check(false, "an unclosed tag in the edges: \(svg)")
                return
            }
            var tag = rest[rest.index(after: open)..<close]
            if tag.hasPrefix("/") { tag = tag.dropFirst() }
            if tag.hasSuffix("/") { tag = tag.dropLast() }
            let name = tag.prefix { $0 != " " }
            FuzzReplay.check(elements.contains(name), "element <\(name)> in the edges")
            var attributesText = tag.dropFirst(name.count)
            while let equals = attributesText.firstIndex(of: "=") {
                let attribute = attributesText[..<equals].trimmingPrefix(" ")
                FuzzReplay.check(attributes.contains(attribute), "attribute \(attribute) in the edges")
                let value = attributesText[attributesText.index(after: equals)...]
                FuzzReplay.check(value.first == "\"", "an unquoted value in the edges: \(tag)")
                let body = value.dropFirst()
                guard let quote = body.firstIndex(of: "\"") else {
                    FuzzReplay.check(false, "an unclosed value in the edges: \(tag)")
                    return
                }
                if ["d", "points", "x", "y", "width", "height", "viewBox"].contains(attribute) {
                    let numbers = body[..<quote].split { " ,MC".contains($0) }
                    FuzzReplay.check(
                        numbers.allSatisfy { Double($0)?.isFinite ?? false }, "\(attribute)=\(body[..<quote])"
                    )
                }
                attributesText = body[body.index(after: quote)...]
            }
            FuzzReplay.check(
                attributesText.allSatisfy { $0 == " " }, "stray text in an edge's tag: \(tag)")
            rest = rest[rest.index(after: close)...]
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    CanvasTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
    @main enum Replay {
        static func main() { FuzzReplay.main(CanvasTarget.run) }
    }
#endif
