import HTMLText
import JSONCanvas
import NoteHTML
import NoteModel

/// A board's HTML: every node an item of one list in reading order (top to bottom, left to right),
/// each with its place and size as CSS variables, and the edges as one SVG under them. Without a
/// script the page shows the list; `canvas.js` places the items on the plane and pans and zooms it.
/// Text and file nodes are written from their parts of the board's document, as a note's body is.
extension PageBody {
    /// Room around the outermost nodes, in board pixels.
    static let canvasMargin = 40.0

    func canvasUTF8(
        for note: ResolvedNote, page: CanvasPage, embedding: [EmbedFrame], idPrefix: String,
        budget: EmbedBudget
    ) -> (html: [UInt8], diagnostics: [Diagnostic], inlined: [InlinedImage], features: HTMLFeatures) {
        let canvas = page.canvas
        let stack = embedding.isEmpty ? [EmbedFrame(path: note.path, block: nil, name: note.path)] : embedding
        var diagnostics: [Diagnostic] = []
        var inlined: [InlinedImage] = []
        var features = HTMLFeatures()
        func write(_ part: CanvasPage.Part?, prefix: String) -> String {
            guard let part else { return "" }
            let made = utf8(
                for: note, blocks: part.blocks, embedding: stack, idPrefix: prefix, budget: budget)
            diagnostics += page.located(made.diagnostics, file: note.source.displayName)
            inlined += made.inlined
            features.code = features.code || made.features.code
            features.math = features.math || made.features.math
            features.diagrams = features.diagrams || made.features.diagrams
            features.video = features.video || made.features.video
            return String(decoding: made.html, as: UTF8.self)
        }
        let bounds = canvas.bounds
        let margin = Self.canvasMargin
        let origin = CanvasEdgePath.Point(x: bounds.x - margin, y: bounds.y - margin)
        let width = CanvasEdgePath.number(bounds.width + 2 * margin)
        let height = CanvasEdgePath.number(bounds.height + 2 * margin)
        var html = "<div class=\"canvas\" data-canvas-width=\"\(width)\" data-canvas-height=\"\(height)\">\n"
        html +=
            "<div class=\"canvas-viewport\" role=\"region\" aria-label=\"\(strings.html("board", ["title": note.title.htmlEscaped]))\">\n"
        html += "<div class=\"canvas-board\" style=\"width:\(width)px;height:\(height)px\">\n"
        let groups = canvas.nodes.indices.filter { canvas.nodes[$0].isGroup }
        html += edgesSVG(canvas, origin: origin, width: width, height: height, layer: groups.count + 1)
        html += "<ol class=\"canvas-nodes\">\n"
        for index in canvas.readingOrder {
            let node = canvas.nodes[index]
            let layer = groups.firstIndex(of: index).map { $0 + 1 } ?? groups.count + 2 + index
            let frame = node.frame
            var style =
                "--x:\(CanvasEdgePath.number(frame.x - origin.x))px;--y:\(CanvasEdgePath.number(frame.y - origin.y))px;"
                + "--w:\(CanvasEdgePath.number(frame.width))px;--h:\(CanvasEdgePath.number(frame.height))px;--z:\(layer)"
            var classes = "canvas-node"
            Self.colorAttributes(node.color, classes: &classes, style: &style)
            var content: String
            switch node.kind {
            case .text:
                classes += " canvas-text"
                content =
                    "<div class=\"canvas-node-content\">\n"
                    + write(page.part(of: index, .text), prefix: idPrefix)
                    + "</div>\n"
            case .file(let path, _):
                classes += " canvas-file"
                let shown = write(page.part(of: index, .file), prefix: idPrefix + "node-\(index)-")
                content =
                    "<div class=\"canvas-node-content\">\n"
                    + (shown.isEmpty
                        ? "<p class=\"canvas-file-name\">\(path.value.htmlEscaped)</p>\n" : shown)
                    + "</div>\n"
            case .link(let url):
                classes += " canvas-link"
                content = Self.linkCard(url)
            case .group(let label, _, let backgroundStyle):
                classes += " canvas-group"
                content = "<p class=\"canvas-group-label\">\(label?.htmlEscaped ?? "")</p>\n"
                let background = write(page.part(of: index, .background), prefix: idPrefix + "node-\(index)-")
                if !background.isEmpty {
                    let fit = (backgroundStyle ?? .cover).rawValue
                    content +=
                        "<div class=\"canvas-group-background canvas-background-\(fit)\">\n\(background)</div>\n"
                }
            }
            html +=
                "<li class=\"\(classes)\" data-node=\"\(node.id.htmlEscaped)\" style=\"\(style)\">\n"
                + content + "</li>\n"
        }
        html += "</ol>\n</div>\n</div>\n</div>\n"
        return (Array(html.utf8), diagnostics, inlined, features)
    }

    /// A preset color as a class, `#rrggbb` as the `--canvas-color` variable (six hex digits: safe
    /// in a style attribute).
    private static func colorAttributes(_ color: CanvasColor?, classes: inout String, style: inout String) {
        switch color {
        case .preset(let number)?: classes += " canvas-color-\(number)"
        case .hex(let digits)?:
            classes += " canvas-colored"
            style += ";--canvas-color:#\(digits)"
        case nil: break
        }
    }

    /// A link node: its address as a card, linked only when it is a web or mail address; nothing is fetched.
    static func linkCard(_ url: String) -> String {
        let lower = url.lowercased()
        let isWeb = lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:")
        let host =
            isWeb
            ? url.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(String.init)
            : nil
        var card = "<div class=\"canvas-node-content canvas-link-card\">\n"
        if let host, !lower.hasPrefix("mailto:") {
            card += "<p class=\"canvas-link-host\">\(host.htmlEscaped)</p>\n"
        }
        card +=
            isWeb
            ? "<p><a href=\"\(url.htmlEscaped)\" rel=\"noopener noreferrer\">\(url.htmlEscaped)</a></p>\n"
            : "<p>\(url.htmlEscaped)</p>\n"
        return card + "</div>\n"
    }

    /// The edges as one SVG, drawn over the groups and under the other nodes (`layer`).
    private func edgesSVG(
        _ canvas: Canvas, origin: CanvasEdgePath.Point, width: String, height: String, layer: Int
    ) -> String {
        var frames: [String: CanvasRect] = [:]
        for node in canvas.nodes {
            frames[node.id] = CanvasRect(
                x: node.frame.x - origin.x, y: node.frame.y - origin.y, width: node.frame.width,
                height: node.frame.height)
        }
        var svg =
            "<svg class=\"canvas-edges\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
            + "style=\"--z:\(layer)\" aria-hidden=\"true\">\n"
        for edge in canvas.edges {
            guard let from = frames[edge.from.node], let to = frames[edge.to.node] else { continue }
            let path = CanvasEdgePath(from: from, side: edge.from.side, to: to, side: edge.to.side)
            var classes = "canvas-edge"
            var style = ""
            Self.colorAttributes(edge.color, classes: &classes, style: &style)
            let styleAttribute = style.isEmpty ? "" : " style=\"\(style.dropFirst())\""
            svg += "<g class=\"\(classes)\" data-edge=\"\(edge.id.htmlEscaped)\"\(styleAttribute)>\n"
            svg += "<path d=\"\(path.data)\"/>\n"
            if edge.from.arrow {
                svg +=
                    "<polygon points=\"\(CanvasEdgePath.arrowhead(at: path.start, from: path.startControl))\"/>\n"
            }
            if edge.to.arrow {
                svg +=
                    "<polygon points=\"\(CanvasEdgePath.arrowhead(at: path.end, from: path.endControl))\"/>\n"
            }
            if let label = edge.label {
                let middle = path.middle
                svg +=
                    "<text x=\"\(CanvasEdgePath.number(middle.x))\" y=\"\(CanvasEdgePath.number(middle.y))\">"
                    + "\(label.htmlEscaped)</text>\n"
            }
            svg += "</g>\n"
        }
        return svg + "</svg>\n"
    }
}
