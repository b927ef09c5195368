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

    /// Every number after `--x:`, `--y:`, `--w:`, `--h:` and in the board's size is finite and
    /// within the limit (twice the coordinate limit, and the margin).
    static func checkNumbers(_ html: String) {
        let bound = 2 * Canvas.coordinateLimit + 1000
        for marker in ["--x:", "--y:", "--w:", "--h:", "data-canvas-width=\"", "data-canvas-height=\""] {
            var rest = Substring(html)
            while let found = rest.firstRange(of: marker) {
                rest = rest[found.upperBound...]
                let written = rest.prefix { $0 == "-" || $0 == "." || $0.isNumber }
                let value = Double(written)
                FuzzReplay.check(
                    value.map { $0.isFinite && abs($0) <= bound } ?? false, "\(marker) \(rest.prefix(20))")
            }
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
