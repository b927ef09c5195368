import NoteModel

extension Canvas {
    /// Coordinates beyond this are clamped: a board is drawn at these sizes, and a node at 1e300
    /// would stretch it past what any browser can lay out.
    public static let coordinateLimit = 1_000_000.0

    /// The board a file holds. Invalid JSON is an error and an empty board; a node or an edge that
    /// cannot be used (an unknown type, a missing member, an edge to a node the board lacks) is a
    /// warning at its place and is left out; everything else is kept.
    public static func read(_ bytes: [UInt8], file: String) -> Canvas {
        var reader = CanvasReader(canvas: Canvas(lines: LineTable(bytes), file: file))
        reader.read(bytes)
        return reader.canvas
    }
}

/// Reads the JSON tree into the model, collecting problems as it goes.
private struct CanvasReader {
    var canvas: Canvas

    mutating func read(_ bytes: [UInt8]) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            problem(.error, "not valid JSON: \(error.message); the board is empty", at: error.offset)
            return
        }
        guard case .object = root.kind else {
            problem(
                .error, "a canvas is a JSON object with 'nodes' and 'edges', not \(root.typeName)",
                at: root.offset)
            return
        }
        var ids: Set<String> = []
        for value in list("nodes", in: root) {
            if let node = node(value), ids.insert(node.id).inserted {
                canvas.nodes.append(node)
            } else if let id = value["id"].flatMap(string), !id.isEmpty, ids.contains(id) {
                problem(
                    .warning, "node id '\(id)' is used twice; the later node is left out", at: value.offset)
            }
        }
        var edgeIDs: Set<String> = []
        for value in list("edges", in: root) {
            guard let edge = edge(value, nodes: ids) else { continue }
            if !edgeIDs.insert(edge.id).inserted {
                problem(.warning, "edge id '\(edge.id)' is used twice", at: value.offset)
            }
            canvas.edges.append(edge)
        }
    }

    private mutating func problem(_ severity: Diagnostic.Severity, _ message: String, at offset: Int) {
        canvas.diagnostics.append(Diagnostic(severity, message, at: canvas.location(ofOffset: offset)))
    }

    private func string(_ value: JSONValue) -> String? {
        if case .string(let string) = value.kind { string.value } else { nil }
    }

    /// The elements of an optional array member; anything but an array is reported and read as empty.
    private mutating func list(_ key: String, in object: JSONValue) -> [JSONValue] {
        guard let value = object[key] else { return [] }
        guard case .array(let elements) = value.kind else {
            problem(.error, "'\(key)' should be an array, not \(value.typeName)", at: value.offset)
            return []
        }
        return elements
    }

    /// A string member; nil when it is missing, and reported when it has another type.
    private mutating func text(_ key: String, of object: JSONValue, what: String) -> JSONString? {
        guard let value = object[key] else { return nil }
        guard case .string(let string) = value.kind else {
            problem(
                .warning, "\(what)'s '\(key)' should be a string, not \(value.typeName)", at: value.offset)
            return nil
        }
        return string
    }

    private mutating func color(of object: JSONValue, what: String) -> CanvasColor? {
        guard let written = text("color", of: object, what: what) else { return nil }
        guard let color = CanvasColor(written.value) else {
            problem(
                .warning, "\(what) has color '\(written.value)'; use \"1\" to \"6\" or \"#rrggbb\"",
                at: written.start - 1)
            return nil
        }
        return color
    }

    private mutating func number(_ key: String, of object: JSONValue, what: String) -> Double? {
        guard let value = object[key] else {
            problem(.warning, "\(what) has no '\(key)'; it is left out", at: object.offset)
            return nil
        }
        guard case .number(let number) = value.kind else {
            problem(
                .warning, "\(what)'s '\(key)' should be a number, not \(value.typeName); it is left out",
                at: value.offset)
            return nil
        }
        return min(max(number, -Canvas.coordinateLimit), Canvas.coordinateLimit)
    }

    private mutating func node(_ value: JSONValue) -> CanvasNode? {
        guard case .object = value.kind else {
            problem(
                .warning, "a node should be an object, not \(value.typeName); it is left out",
                at: value.offset)
            return nil
        }
        guard let id = text("id", of: value, what: "a node")?.value, !id.isEmpty else {
            problem(.warning, "a node has no 'id'; it is left out", at: value.offset)
            return nil
        }
        let what = "node '\(id)'"
        guard let type = text("type", of: value, what: what) else {
            problem(.warning, "\(what) has no 'type'; it is left out", at: value.offset)
            return nil
        }
        let kind: CanvasNode.Kind
        switch type.value {
        case "text":
            guard let text = text("text", of: value, what: what) else {
                problem(.warning, "text \(what) has no 'text'; it is left out", at: value.offset)
                return nil
            }
            kind = .text(text)
        case "file":
            guard let path = text("file", of: value, what: what), !path.value.isEmpty else {
                problem(.warning, "file \(what) has no 'file'; it is left out", at: value.offset)
                return nil
            }
            var subpath = text("subpath", of: value, what: what)
            if let written = subpath, !written.value.hasPrefix("#") || written.value.count < 2 {
                problem(
                    .warning, "\(what)'s subpath '\(written.value)' should start with '#'; ignored",
                    at: written.start - 1)
                subpath = nil
            }
            kind = .file(path: path, subpath: subpath.map { String($0.value.dropFirst()) })
        case "link":
            guard let url = text("url", of: value, what: what) else {
                problem(.warning, "link \(what) has no 'url'; it is left out", at: value.offset)
                return nil
            }
            kind = .link(url: url.value)
        case "group":
            var style: CanvasNode.BackgroundStyle?
            if let written = text("backgroundStyle", of: value, what: what) {
                style = CanvasNode.BackgroundStyle(rawValue: written.value)
                if style == nil {
                    problem(
                        .warning,
                        "\(what) has backgroundStyle '\(written.value)'; use cover, ratio or repeat",
                        at: written.start - 1)
                }
            }
            kind = .group(
                label: text("label", of: value, what: what)?.value,
                background: text("background", of: value, what: what)?.value.nonEmpty, backgroundStyle: style)
        default:
            problem(
                .warning,
                "\(what) has unknown type '\(type.value)' (known: text, file, link, group); it is left out",
                at: type.start - 1)
            return nil
        }
        guard let x = number("x", of: value, what: what), let y = number("y", of: value, what: what),
            let width = number("width", of: value, what: what),
            let height = number("height", of: value, what: what)
        else { return nil }
        if width <= 0 || height <= 0 {
            problem(
                .warning, "\(what) has no area (\(width) by \(height)); it is drawn 1 pixel wide",
                at: value.offset)
        }
        return CanvasNode(
            id: id, kind: kind, frame: CanvasRect(x: x, y: y, width: max(width, 1), height: max(height, 1)),
            color: color(of: value, what: what), location: canvas.location(ofOffset: value.offset))
    }

    private mutating func edge(_ value: JSONValue, nodes: Set<String>) -> CanvasEdge? {
        guard case .object = value.kind else {
            problem(
                .warning, "an edge should be an object, not \(value.typeName); it is left out",
                at: value.offset)
            return nil
        }
        let id = text("id", of: value, what: "an edge")?.value ?? ""
        let what = id.isEmpty ? "an edge" : "edge '\(id)'"
        if id.isEmpty { problem(.warning, "an edge has no 'id'", at: value.offset) }
        var ends: [CanvasEdge.End] = []
        for (prefix, arrowByDefault) in [("from", false), ("to", true)] {
            guard let node = text(prefix + "Node", of: value, what: what) else {
                problem(.warning, "\(what) has no '\(prefix)Node'; it is not drawn", at: value.offset)
                return nil
            }
            guard nodes.contains(node.value) else {
                problem(
                    .warning,
                    "\(what) \(prefix == "from" ? "starts" : "ends") at node '\(node.value)', which the board does not have; it is not drawn",
                    at: node.start - 1)
                return nil
            }
            var side: CanvasEdge.Side?
            if let written = text(prefix + "Side", of: value, what: what) {
                side = CanvasEdge.Side(rawValue: written.value)
                if side == nil {
                    problem(
                        .warning,
                        "\(what) has \(prefix)Side '\(written.value)'; use top, right, bottom or left",
                        at: written.start - 1)
                }
            }
            var arrow = arrowByDefault
            if let written = text(prefix + "End", of: value, what: what) {
                switch written.value {
                case "arrow": arrow = true
                case "none": arrow = false
                default:
                    problem(
                        .warning, "\(what) has \(prefix)End '\(written.value)'; use arrow or none",
                        at: written.start - 1)
                }
            }
            ends.append(CanvasEdge.End(node: node.value, side: side, arrow: arrow))
        }
        return CanvasEdge(
            id: id, from: ends[0], to: ends[1], color: color(of: value, what: what),
            label: text("label", of: value, what: what)?.value.nonEmpty,
            location: canvas.location(ofOffset: value.offset))
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
