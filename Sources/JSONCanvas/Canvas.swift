public import NoteModel

/// A JSON Canvas 1.0 board (`.canvas`): nodes placed on an infinite plane and edges between them,
/// each with the place in the file it was read from. Read with ``read(_:file:)``, which never
/// throws: what cannot be used is left out with a diagnostic, and the rest is kept.
public struct Canvas: Sendable, Hashable {
    /// Nodes in the file's order, which is their stacking order (the first is drawn lowest).
    public var nodes: [CanvasNode]
    /// Edges whose both ends are nodes of the board.
    public var edges: [CanvasEdge]
    /// Problems found reading the file, named `file:line:col`.
    public var diagnostics: [Diagnostic]
    /// Where the file's lines start, to name places inside its strings.
    public var lines: LineTable
    /// How messages name the file.
    public var file: String

    public init(
        nodes: [CanvasNode] = [], edges: [CanvasEdge] = [], diagnostics: [Diagnostic] = [],
        lines: LineTable = LineTable([UInt8]()), file: String = ""
    ) {
        self.nodes = nodes
        self.edges = edges
        self.diagnostics = diagnostics
        self.lines = lines
        self.file = file
    }

    /// The place of byte `offset` of the file.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let (line, column) = lines.position(of: offset)
        return SourceLocation(file: file, line: line, column: column)
    }

    /// The place in the file of byte `offset` of a string's decoded text.
    public func location(in string: JSONString, offset: Int) -> SourceLocation {
        location(ofOffset: string.rawOffset(of: offset))
    }

    /// Node indices as a page without a script lists them: top to bottom, then left to right
    /// (the file's order among equals).
    public var readingOrder: [Int] {
        nodes.indices.sorted { a, b in
            let (first, second) = (nodes[a].frame, nodes[b].frame)
            if first.y != second.y { return first.y < second.y }
            if first.x != second.x { return first.x < second.x }
            return a < b
        }
    }

    /// The smallest rectangle holding every node; zero for an empty board.
    public var bounds: CanvasRect {
        guard let first = nodes.first?.frame else { return CanvasRect(x: 0, y: 0, width: 0, height: 0) }
        var (minX, minY) = (first.x, first.y)
        var (maxX, maxY) = (first.maxX, first.maxY)
        for node in nodes.dropFirst() {
            minX = min(minX, node.frame.x)
            minY = min(minY, node.frame.y)
            maxX = max(maxX, node.frame.maxX)
            maxY = max(maxY, node.frame.maxY)
        }
        return CanvasRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// A node's place and size on the board, in the board's pixels.
public struct CanvasRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// Whether `other` lies wholly inside this one.
    public func contains(_ other: CanvasRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

/// A `canvasColor`: one of the six presets (`"1"` red ... `"6"` purple) or `#rrggbb`.
public enum CanvasColor: Sendable, Hashable {
    case preset(Int)
    /// Six lower-case hex digits, without `#` (`#abc` is widened to `aabbcc`).
    case hex(String)

    /// The color a string names; nil for anything else.
    public init?(_ written: String) {
        if written.count == 1, let number = Int(written), (1...6).contains(number) {
            self = .preset(number)
            return
        }
        guard written.hasPrefix("#") else { return nil }
        let digits = written.dropFirst().lowercased()
        // ASCII only: `Character.isHexDigit` also takes the fullwidth digits and letters.
        let isHex = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
        guard digits.utf8.allSatisfy(isHex), digits.utf8.count == 6 || digits.utf8.count == 3 else {
            return nil
        }
        self = .hex(digits.count == 6 ? digits : String(digits.flatMap { [$0, $0] }))
    }
}
