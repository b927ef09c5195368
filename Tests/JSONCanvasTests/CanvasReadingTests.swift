import Foundation
import JSONCanvas
import NoteModel
import Testing

/// The spec's sample board, read in place from ../shared/corpora/canvas.
private enum Sample {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/corpora/canvas/sample.canvas").standardizedFileURL
    static let bytes = (try? Data(contentsOf: url)).map { Array($0) }
    static let shouldRun = bytes != nil || ProcessInfo.processInfo.environment["CI"] == "true"
}

private func read(_ json: String) -> Canvas {
    Canvas.read(Array(json.utf8), file: "b.canvas")
}

@Suite(.enabled(if: Sample.shouldRun, "../shared/corpora is absent: sample board skipped"))
struct CanvasSampleTests {
    @Test func readsEveryNodeAndEdgeOfTheSpecSample() throws {
        let canvas = Canvas.read(try #require(Sample.bytes), file: "sample.canvas")
        #expect(canvas.diagnostics == [])
        #expect(canvas.nodes.map(\.id).count == 5)
        let group = try #require(canvas.nodes.first)
        #expect(group.kind == .group(label: "JSON Canvas", background: nil, backgroundStyle: nil))
        #expect(group.frame == CanvasRect(x: -300, y: -460, width: 610, height: 200))
        #expect(canvas.nodes[1].color == .preset(6))
        guard case .file(let path, let subpath) = canvas.nodes[1].kind else {
            Issue.record("node 1 is not a file node")
            return
        }
        #expect(path.value == "readme.md" && subpath == nil)
        guard case .text(let text) = canvas.nodes[3].kind else {
            Issue.record("node 3 is not a text node")
            return
        }
        #expect(text.value.hasPrefix("Learn more:\n\n- [Apps](/docs/apps.md)\n"))
        let edge = try #require(canvas.edges.first)
        #expect(edge.from == .init(node: "7efdbbe0c4742315", side: .right, arrow: false))
        #expect(edge.to == .init(node: "59e896bc8da20699", side: .left, arrow: true))
        #expect(canvas.bounds == CanvasRect(x: -300, y: -460, width: 1060, height: 820))
    }

    @Test func listsNodesTopToBottomThenLeftToRight() throws {
        let canvas = Canvas.read(try #require(Sample.bytes), file: "sample.canvas")
        // y: group -460, logo -440 (x -280), text -440 (x 40), spec -400, readme -200.
        #expect(canvas.readingOrder == [0, 2, 3, 4, 1])
    }
}

struct CanvasReadingTests {
    @Test func invalidJSONIsAnErrorAtItsPlaceAndAnEmptyBoard() {
        let canvas = read("{\n  \"nodes\": [\n    {\"id\": \"a\",}\n  ]\n}")
        #expect(canvas.nodes.isEmpty)
        #expect(canvas.diagnostics.count == 1)
        let diagnostic = canvas.diagnostics[0]
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location == SourceLocation(file: "b.canvas", line: 3, column: 16))
        #expect(diagnostic.description.hasPrefix("b.canvas:3:16: error: not valid JSON"))
    }

    @Test(arguments: [
        "", "[", "{\"nodes\": [1,]}", "\"abc", "{\"a\": \"\\x\"}", "01", "{} x", "nul", "-", "1.e5",
    ])
    func malformedTextIsReportedNeverTrusted(_ text: String) {
        let canvas = read(text)
        #expect(canvas.nodes.isEmpty)
        #expect(canvas.diagnostics.count == 1 && canvas.diagnostics[0].severity == .error)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let canvas = read(String(repeating: "[", count: 100_000))
        #expect(canvas.diagnostics.first?.message.contains("nested more than") == true)
    }

    @Test func unknownTypesAndBrokenNodesAreLeftOutTheRestKept() {
        let canvas = read(
            """
            {"nodes": [
              {"id": "a", "type": "text", "text": "hi", "x": 0, "y": 0, "width": 10, "height": 10},
              {"id": "b", "type": "sticker", "x": 0, "y": 0, "width": 10, "height": 10},
              {"id": "c", "type": "file", "x": 0, "y": 0, "width": 10, "height": 10},
              {"id": "d", "type": "link", "url": "https://example.org", "x": 1, "y": "2", "width": 10, "height": 10},
              {"id": "a", "type": "text", "text": "again", "x": 0, "y": 0, "width": 10, "height": 10},
              {"id": "e", "type": "group", "x": 0, "y": 0, "width": 10, "height": 10, "color": "9"}
            ],
            "edges": [
              {"id": "x", "fromNode": "a", "toNode": "zz"},
              {"id": "y", "fromNode": "a", "toNode": "e", "fromEnd": "arrow", "toEnd": "none", "toSide": "up"}
            ]}
            """)
        #expect(canvas.nodes.map(\.id) == ["a", "e"])
        #expect(canvas.nodes[1].color == nil)
        let messages = canvas.diagnostics.map(\.description)
        #expect(
            messages.contains { $0.hasPrefix("b.canvas:3:23: warning: node 'b' has unknown type 'sticker'") })
        #expect(messages.contains { $0.hasPrefix("b.canvas:4:3: warning: file node 'c' has no 'file'") })
        #expect(
            messages.contains { $0.hasPrefix("b.canvas:5:74: warning: node 'd''s 'y' should be a number") })
        #expect(messages.contains { $0.contains("node id 'a' is used twice") })
        #expect(messages.contains { $0.contains("has color '9'") })
        #expect(messages.contains { $0.hasPrefix("b.canvas:10:42: warning: edge 'x' ends at node 'zz'") })
        #expect(messages.contains { $0.contains("toSide 'up'") })
        #expect(canvas.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(canvas.edges.map(\.id) == ["y"])
        #expect(canvas.edges[0].from.arrow && !canvas.edges[0].to.arrow && canvas.edges[0].to.side == nil)
    }

    @Test func colorsArePresetsOrHex() {
        #expect(CanvasColor("1") == .preset(1))
        #expect(CanvasColor("6") == .preset(6))
        #expect(CanvasColor("7") == nil)
        #expect(CanvasColor("#FF00aa") == .hex("ff00aa"))
        #expect(CanvasColor("#abc") == .hex("aabbcc"))
        #expect(CanvasColor("#ggg000") == nil)
        #expect(CanvasColor("red") == nil)
        // Fullwidth digits are hex digits to `Character`, not to CSS.
        #expect(CanvasColor("#\u{FF21}\u{FF21}\u{FF21}") == nil)
        #expect(CanvasColor("#\u{FF10}\u{FF10}\u{FF10}\u{FF10}\u{FF10}\u{FF10}") == nil)
    }

    @Test func placesInsideEscapedTextMapToTheFile() throws {
        // `\n` and `\u00e9` are two and six bytes written, one and two decoded.
        let canvas = read(
            "{\"nodes\": [{\"id\": \"t\", \"type\": \"text\", \"text\": \"a\\nb\\u00e9c [[X]]\",\n\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}]}"
        )
        guard case .text(let text) = try #require(canvas.nodes.first).kind else {
            Issue.record("not a text node")
            return
        }
        #expect(text.value == "a\nbéc [[X]]")
        let offset = try #require(text.value.utf8.firstIndex(of: UInt8(ascii: "[")))
        let decoded = text.value.utf8.distance(from: text.value.utf8.startIndex, to: offset)
        let place = canvas.location(in: text, offset: decoded)
        #expect(place == SourceLocation(file: "b.canvas", line: 1, column: 61))
        let written = Array(
            "{\"nodes\": [{\"id\": \"t\", \"type\": \"text\", \"text\": \"a\\nb\\u00e9c [[X]]\"".utf8)
        #expect(written[60] == UInt8(ascii: "["))
    }

    @Test func surrogatePairsDecodeAndLoneOnesBecomeReplacement() throws {
        let value = try JSONParser.parse(Array("[\"\\ud83d\\ude00\", \"\\ud800x\"]".utf8))
        guard case .array(let items) = value.kind, items.count == 2,
            case .string(let first) = items[0].kind, case .string(let second) = items[1].kind
        else {
            Issue.record("not two strings")
            return
        }
        #expect(first.value == "😀")
        #expect(second.value == "\u{FFFD}x")
    }

    @Test func sizesAreClampedAndNeverZero() {
        let canvas = read(
            "{\"nodes\": [{\"id\": \"a\", \"type\": \"text\", \"text\": \"\", \"x\": 1e300, \"y\": -5, \"width\": 0, \"height\": -3}]}"
        )
        #expect(
            canvas.nodes.first?.frame == CanvasRect(x: Canvas.coordinateLimit, y: -5, width: 1, height: 1))
        #expect(canvas.diagnostics.count == 1)
    }
}

/// Broken boards of every shape: truncated and mutated copies of a valid one are read without a
/// crash, each problem placed inside the file.
struct CanvasDamageTests {
    static let board = Array(
        """
        {"nodes":[{"id":"a","type":"text","text":"x\\n\\u00e9 [[Y]]","x":1,"y":2,"width":3,"height":4,"color":"#abcdef"},
        {"id":"g","type":"group","x":-1.5e2,"y":0,"width":10,"height":10,"label":"L","background":"b.png"}],
        "edges":[{"id":"e","fromNode":"a","toNode":"g","fromSide":"top","toEnd":"none","label":"l"}]}
        """.utf8)

    @Test func everyTruncationAndMutationIsReadSafely() {
        var generator = SystemRandomNumberGenerator()
        var inputs = (0...Self.board.count).map { Array(Self.board.prefix($0)) }
        let alphabet = Array("{}[]\",:\\u0123456789eE.-+ \ntruefalsn".utf8) + [0x00, 0xC3, 0xFF]
        for _ in 0..<3000 {
            var bytes = Self.board
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = alphabet.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            inputs.append(bytes)
        }
        let lineCount = Self.board.count { $0 == 0x0A } + 2
        for bytes in inputs {
            let canvas = Canvas.read(bytes, file: "b.canvas")
            for diagnostic in canvas.diagnostics {
                let line = diagnostic.location?.line ?? 0
                #expect(line >= 1 && line <= lineCount + 4, "\(diagnostic)")
            }
            let ids = Set(canvas.nodes.map(\.id))
            #expect(canvas.edges.allSatisfy { ids.contains($0.from.node) && ids.contains($0.to.node) })
        }
    }
}
