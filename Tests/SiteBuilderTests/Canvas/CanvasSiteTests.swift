import Foundation
import NoteModel
import Testing

@testable import SiteBuilder

/// Boards built into sites: the page, its nodes and edges, what its links count for, embeds, and
/// broken boards reported at their place in the file.
@Suite struct CanvasSiteTests {
    static func build(_ files: [String: String], images: [String: Data] = [:]) async throws -> (
        TestVault, BuildReport
    ) {
        try await TestVault.built(files, images: images)
    }

    static let trip = "# Trip\n\nIntro.\n\n## Day one\n\nWe walked. ^walk\n\n## Day two\n\nWe rested.\n"

    /// Every kind of node and edge; line 4 holds the text node, line 8 the missing file.
    static let board = """
        {
        "nodes":[
        {"id":"g1","type":"group","x":-50,"y":-80,"width":700,"height":400,"label":"Ideas","color":"4"},
        {"id":"t1","type":"text","text":"## Hello\\n\\nSee [[Trip]] and $x^2$ and [[Missing]].\\n\\n> [!note] Callout\\n> inside","x":0,"y":0,"width":300,"height":200,"color":"1"},
        {"id":"f1","type":"file","file":"notes/Trip.md","subpath":"#Day one","x":350,"y":0,"width":280,"height":200},
        {"id":"i1","type":"file","file":"red.png","x":0,"y":400,"width":200,"height":150},
        {"id":"l1","type":"link","url":"https://example.org/page","x":300,"y":400,"width":250,"height":100,"color":"#33AA77"},
        {"id":"m1","type":"file","file":"nowhere.md","x":600,"y":400,"width":200,"height":100},
        {"id":"u1","type":"sticker","x":0,"y":0,"width":1,"height":1}
        ],
        "edges":[
        {"id":"e1","fromNode":"t1","fromSide":"right","toNode":"f1","toSide":"left","label":"goes to","color":"2"},
        {"id":"e2","fromNode":"t1","toNode":"i1","fromEnd":"arrow","toEnd":"none"},
        {"id":"e3","fromNode":"t1","toNode":"gone"}
        ]
        }
        """

    static func files(_ extra: [String: String] = [:]) -> [String: String] {
        ["Plans.canvas": board, "notes/Trip.md": trip, "index.md": "# Home\n\nWelcome.\n"].merging(extra) {
            $1
        }
    }

    static let images = ["red.png": TinyPNG.solid(width: 40, height: 30)]

    /// The `data-node` ids of a page's board, in the order the page lists them.
    static func nodeOrder(_ page: String) -> [String] {
        page.components(separatedBy: "data-node=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// The HTML of one node's list item.
    static func node(_ id: String, in page: String) -> String {
        guard let found = page.range(of: "data-node=\"\(id)\"") else { return "" }
        let start = page.range(of: "<li ", options: .backwards, range: page.startIndex..<found.lowerBound)
        let rest = page[(start?.lowerBound ?? found.lowerBound)...]
        return String(rest[..<(rest.range(of: "</li>")?.lowerBound ?? rest.endIndex)])
    }

    @Test func aBoardIsAPageOfPlacedNodesOverItsEdges() async throws {
        let (vault, report) = try await Self.build(Self.files(), images: Self.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let page = try vault.read("_site/plans.canvas.html")
        #expect(page.contains("<title>Plans · "))
        #expect(page.contains("assets/canvas.js") && page.contains("assets/canvas.css"))
        // Reading order: top to bottom, then left to right (g1 -80; t1, f1 at 0; i1, l1, m1 at 400).
        #expect(Self.nodeOrder(page) == ["g1", "t1", "f1", "i1", "l1", "m1"])
        // Places relative to the board's corner (-50 - 40, -80 - 40), groups lowest, edges above them.
        #expect(page.contains("data-node=\"t1\" style=\"--x:90px;--y:120px;--w:300px;--h:200px;--z:4\""))
        #expect(page.contains("data-node=\"g1\" style=\"--x:40px;--y:40px;--w:700px;--h:400px;--z:1\""))
        #expect(page.contains("<svg class=\"canvas-edges\" width=\"930\" height=\"710\""))
        #expect(page.contains("style=\"--z:2\""))
        let text = Self.node("t1", in: page)
        #expect(text.contains("canvas-color-1"))
        #expect(text.contains("<a href=\"notes/trip.html\" class=\"internal-link\">Trip</a>"))
        #expect(text.contains("<span class=\"math inline\">"))
        #expect(text.contains("data-callout=\"note\""))
        let file = Self.node("f1", in: page)
        #expect(file.contains("<a href=\"notes/trip.html\">Trip &gt; Day one</a>"))
        #expect(file.contains("We walked.") && !file.contains("We rested."))
        let image = Self.node("i1", in: page)
        #expect(image.contains("src=\"data:image/") && image.contains("notesite-zoom"))
        let link = Self.node("l1", in: page)
        #expect(link.contains("--canvas-color:#33aa77"))
        #expect(link.contains("<a href=\"https://example.org/page\" rel=\"noopener noreferrer\">"))
        #expect(Self.node("g1", in: page).contains("<p class=\"canvas-group-label\">Ideas</p>"))
        #expect(Self.node("g1", in: page).contains("canvas-color-4"))
        // e1: right side of t1 (390, 220) to the left of f1 (440, 220), one arrowhead at its end.
        #expect(
            page.contains("<g class=\"canvas-edge canvas-color-2\" data-edge=\"e1\">\n<path d=\"M390 220 C"))
        #expect(page.contains("<polygon points=\"440,220 426,226 426,214\"/>"))
        #expect(page.contains("<text x=\"415\" y=\"220\">goes to</text>"))
        // e2 has its arrow at the start only; e3 names a missing node and is not drawn.
        let e2 =
            page.components(separatedBy: "data-edge=\"e2\"").last?.components(separatedBy: "</g>").first ?? ""
        #expect(e2.components(separatedBy: "<polygon").count == 2)
        #expect(!page.contains("data-edge=\"e3\""))
        // A board has no table of contents, however many headings its nodes have.
        #expect(!page.contains("class=\"toc\""))
    }

    @Test func problemsAreReportedAtTheirPlaceInTheBoardFile() async throws {
        let (vault, report) = try await Self.build(Self.files(), images: Self.images)
        defer { vault.remove() }
        let found = report.diagnostics.map(\.description)
        func has(_ place: String, _ words: String) -> Bool {
            found.contains { $0.contains("Plans.canvas:\(place): warning: ") && $0.contains(words) }
        }
        // The column of `[[Missing]]` inside the escaped JSON string on line 4.
        let line4 = Self.board.split(separator: "\n")[3]
        let column =
            line4.distance(
                from: line4.startIndex, to: try #require(line4.range(of: "[[Missing]]")).lowerBound) + 1
        #expect(has("4:\(column)", "'[[Missing]]'"), "\(found)")
        // A missing file is named by its node, in the board's words, at the node's `file`.
        #expect(has("8:33", "file node 'm1': 'nowhere.md' finds no published note in the vault"), "\(found)")
        #expect(!found.contains { $0.contains("embed '[[nowhere.md]]'") }, "\(found)")
        #expect(has("9:19", "unknown type 'sticker'"), "\(found)")
        #expect(has("14:37", "ends at node 'gone'"), "\(found)")
        #expect(report.errorCount == 0)
    }

    @Test func invalidJSONIsAnErrorAndStillAPage() async throws {
        let (vault, report) = try await Self.build(
            [
                "Broken.canvas": "{\"nodes\": [\n  {\"id\": \"a\"\n  \"type\": \"text\"}]}",
                "index.md": "# Home\n",
            ])
        defer { vault.remove() }
        let errors = report.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors.count == 1 && errors[0].contains("Broken.canvas:3:3: error: not valid JSON"), "\(errors)")
        #expect(try vault.read("_site/broken.canvas.html").contains("<ol class=\"canvas-nodes\">\n</ol>"))
    }

    @Test func linksAndEmbedsOfABoard() async throws {
        let note = "# Home\n\nSee [[Plans.canvas]], [the plans](Plans.canvas).\n\n![[Plans.canvas]]\n"
        let (vault, report) = try await Self.build(
            Self.files(["index.md": note, "Plain.md": "# Plain\n\nNo board here.\n"]), images: Self.images)
        defer { vault.remove() }
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let home = try vault.read("_site/index.html")
        #expect(home.contains("<a href=\"plans.canvas.html\" class=\"internal-link\">Plans.canvas</a>"))
        #expect(home.contains("<a href=\"plans.canvas.html\">the plans</a>"))
        #expect(home.contains("<div class=\"embed\" data-note=\"Plans.canvas\">"))
        #expect(home.contains("<div class=\"canvas\" data-canvas-width=\"930\""))
        #expect(home.contains("assets/canvas.js"))
        #expect(!vault.exists("_site/Plans.canvas"))
        #expect(!(try vault.read("_site/plain.html")).contains("canvas.js"))
        // The board's links are links: Trip lists the board among its backlinks.
        let trip = try vault.read("_site/notes/trip.html")
        #expect(trip.contains("<a href=\"../plans.canvas.html\">Plans</a>"))
        // Listed in the explorer and the graph, searchable by its text.
        #expect(try vault.read("_site/assets/explorer-data.js").contains("Plans"))
        #expect(try vault.read("_site/assets/graph-data.js").contains("plans.canvas.html"))
        let shards = try FileManager.default.contentsOfDirectory(
            atPath: vault.root.appendingPathComponent("_site/assets/search-text").path)
        let text = try shards.map { try vault.read("_site/assets/search-text/" + $0) }.joined()
        #expect(text.contains("inside"))
    }

    @Test func aBoardShowingANoteThatEmbedsItStopsAtTheCycle() async throws {
        let board = """
            {"nodes":[{"id":"a","type":"file","file":"Loop.md","x":0,"y":0,"width":100,"height":100}]}
            """
        let (vault, report) = try await Self.build(
            ["Round.canvas": board, "Loop.md": "# Loop\n\n![[Round.canvas]]\n"])
        defer { vault.remove() }
        #expect(report.diagnostics.contains { $0.message.contains("embed cycle") }, "\(report.diagnostics)")
        #expect(try vault.read("_site/round.canvas.html").contains("embed-skipped"))
    }

    @Test func groupBackgroundsAndOtherFiles() async throws {
        let board = """
            {"nodes":[
            {"id":"g","type":"group","x":0,"y":0,"width":400,"height":300,"background":"red.png","backgroundStyle":"ratio"},
            {"id":"d","type":"file","file":"notes/list.txt","x":20,"y":20,"width":200,"height":60}]}
            """
        let (vault, report) = try await Self.build(
            ["Bg.canvas": board, "notes/list.txt": "one\ntwo\n"], images: Self.images)
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/bg.canvas.html")
        let group = Self.node("g", in: page)
        #expect(group.contains("<div class=\"canvas-group-background canvas-background-ratio\">"))
        #expect(group.contains("src=\"data:image/"))
        let file = Self.node("d", in: page)
        #expect(file.contains("class=\"embed-download\"") && file.contains(">list.txt</a>"))
        #expect(vault.exists("_site/notes/list.txt"))
    }

    @Test func fileNodesShowABlockOrAHeadingAndNameTheOnesTheNoteLacks() async throws {
        let board = """
            {"nodes":[
            {"id":"b","type":"file","file":"notes/Trip.md","subpath":"#^walk","x":0,"y":0,"width":200,"height":100},
            {"id":"h","type":"file","file":"notes/Trip.md","subpath":"#Day two","x":0,"y":200,"width":200,"height":100},
            {"id":"nb","type":"file","file":"notes/Trip.md","subpath":"#^gone","x":0,"y":400,"width":200,"height":100},
            {"id":"nh","type":"file","file":"Trip.md","subpath":"#Day nine","x":0,"y":600,"width":200,"height":100},
            {"id":"nf","type":"file","file":"Elsewhere.md","subpath":"#Top","x":0,"y":800,"width":200,"height":100}
            ]}
            """
        let (vault, report) = try await Self.build(["Parts.canvas": board, "notes/Trip.md": Self.trip])
        defer { vault.remove() }
        let page = try vault.read("_site/parts.canvas.html")
        let block = Self.node("b", in: page)
        #expect(block.contains("We walked.") && !block.contains("We rested.") && !block.contains("Intro."))
        let heading = Self.node("h", in: page)
        #expect(heading.contains("We rested.") && !heading.contains("We walked."))
        let found = report.diagnostics.map(\.description)
        #expect(
            found.contains(where: {
                $0.hasSuffix(
                    "/Parts.canvas:4:33: warning: file node 'nb': 'notes/Trip.md#^gone' finds no block '^gone' there"
                )
            }), "\(found)")
        #expect(
            found.contains(where: {
                $0.hasSuffix(
                    "/Parts.canvas:5:33: warning: file node 'nh': 'Trip.md#Day nine' finds no heading 'Day nine' there"
                )
            }), "\(found)")
        #expect(
            found.contains(where: {
                $0.hasSuffix(
                    "/Parts.canvas:6:33: warning: file node 'nf': 'Elsewhere.md' finds no published note in the vault"
                )
            }), "\(found)")
        #expect(found.count == 3, "\(found)")
    }

    @Test func fileNodeMessagesNameTheNodeAndItsFile() {
        func worded(_ message: String) -> String {
            CanvasPage.fileNodeMessage(message, node: "n1", file: "a.md", subpath: "Day")
        }
        #expect(
            worded("embed '[[a.md]]' finds no published note in the vault")
                == "file node 'n1': 'a.md' finds no published note in the vault")
        #expect(
            worded("embed '[[a.md#Day]]' finds no heading 'Day' there")
                == "file node 'n1': 'a.md#Day' finds no heading 'Day' there")
        #expect(
            worded("'[[a.md]]' matches several files: 'a.md', 'b/a.md'; using 'a.md'")
                == "file node 'n1': 'a.md' matches several files: 'a.md', 'b/a.md'; using 'a.md'")
        #expect(
            worded("embed cycle: x > y; shown as a link")
                == "file node 'n1' ('a.md'): embed cycle: x > y; shown as a link")
    }

    @Test func groupBackgroundsInEachStyle() async throws {
        let board = """
            {"nodes":[
            {"id":"c","type":"group","x":0,"y":0,"width":400,"height":300,"background":"red.png"},
            {"id":"r","type":"group","x":500,"y":0,"width":400,"height":300,"background":"red.png","backgroundStyle":"ratio"},
            {"id":"t","type":"group","x":0,"y":400,"width":400,"height":300,"background":"red.png","backgroundStyle":"repeat"}
            ]}
            """
        let (vault, report) = try await Self.build(["Bgs.canvas": board], images: Self.images)
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/bgs.canvas.html")
        for (id, style) in [("c", "cover"), ("r", "ratio"), ("t", "repeat")] {
            let group = Self.node(id, in: page)
            #expect(
                group.contains("<div class=\"canvas-group-background canvas-background-\(style)\">"), "\(id)")
            #expect(group.contains("src=\"data:image/") && group.contains("width=\"40\""), "\(group)")
        }
    }

    @Test func anUnclosedFenceStaysInItsNode() async throws {
        let board = """
            {"nodes":[
            {"id":"a","type":"text","text":"```\\ncode","x":0,"y":0,"width":100,"height":100},
            {"id":"b","type":"text","text":"**after**","x":0,"y":200,"width":100,"height":100}]}
            """
        let (vault, _) = try await Self.build(["Fence.canvas": board])
        defer { vault.remove() }
        let page = try vault.read("_site/fence.canvas.html")
        #expect(Self.node("b", in: page).contains("<strong>after</strong>"))
        #expect(Self.node("a", in: page).contains("<code>code"))
    }
}

/// Where edges leave and reach their nodes.
struct CanvasEdgePathTests {
    @Test func withoutSidesEdgesLeaveTheSideFacingTheOtherNode() {
        let left = JSONCanvasRect.make(0, 0, 100, 100)
        let right = JSONCanvasRect.make(300, 0, 100, 100)
        let below = JSONCanvasRect.make(0, 400, 100, 100)
        #expect(CanvasEdgePath.facingSide(of: left, toward: right) == .right)
        #expect(CanvasEdgePath.facingSide(of: right, toward: left) == .left)
        #expect(CanvasEdgePath.facingSide(of: left, toward: below) == .bottom)
        #expect(CanvasEdgePath.facingSide(of: below, toward: left) == .top)
        let path = CanvasEdgePath(from: left, side: nil, to: below, side: nil)
        #expect(path.start == .init(x: 50, y: 100) && path.end == .init(x: 50, y: 400))
        #expect(path.startControl.y > path.start.y && path.endControl.y < path.end.y)
    }

    @Test func numbersAreWholeOrToATenth() {
        #expect(CanvasEdgePath.number(12) == "12")
        #expect(CanvasEdgePath.number(-3.25) == "-3.2" || CanvasEdgePath.number(-3.25) == "-3.3")
        #expect(CanvasEdgePath.number(0.04) == "0")
    }
}
