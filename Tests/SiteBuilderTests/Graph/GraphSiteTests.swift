import Foundation
import NoteModel
import Testing

@testable import SiteBuilder

/// The graph through whole builds: the data file, the graph page, the local graph's place on note
/// pages, the settings, determinism across jobs and reuse of the layout by `serve`.
@Suite struct GraphSiteTests {
    static let notes = [
        "alpha.md": "---\ntags: [travel]\n---\n# Alpha\n\nSee [[Beta]] and [[Gamma]].\n",
        "beta.md": "# Beta\n\nBack to [[Alpha]].\n",
        "trips/gamma.md":
            "---\ntags: [travel/europe]\n---\n# Gamma\n\nAlone but for [[Alpha]] twice: [[Alpha]].\n",
        "delta.md": "# Delta\n\nNo links at all.\n",
    ]

    struct GraphFile: Decodable {
        let n: Int
        let x: [Int]
        let y: [Int]
        let t: [String]
        let u: [String]
        let l: [Int]
    }

    static func build(_ extra: [String: String] = [:], jobs: Int = 2) async throws -> (TestVault, BuildReport)
    {
        let vault = try TestVault()
        for (path, text) in notes.merging(extra, uniquingKeysWith: { _, new in new }) {
            try vault.write(text, to: path)
        }
        return (vault, await SiteBuild.run(BuildOptions(vault: vault.root, jobs: jobs)))
    }

    static func graphFile(_ text: String) throws -> GraphFile {
        let prefix = "window.notesiteGraph="
        #expect(text.hasPrefix(prefix) && text.hasSuffix("};\n"))
        let json = text.dropFirst(prefix.count).dropLast(2)
        return try JSONDecoder().decode(GraphFile.self, from: Data(json.utf8))
    }

    @Test func theDataFileHoldsNotesLinksAndPlaces() async throws {
        let (vault, report) = try await Self.build()
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.stages.map(\.name).contains("graph"))
        let graph = try Self.graphFile(try vault.read("_site/assets/graph-data.js"))
        #expect(graph.n == 4)
        #expect(graph.u == ["alpha.html", "beta.html", "delta.html", "trips/gamma.html"])
        #expect(graph.t == ["Alpha", "Beta", "Delta", "Gamma"])
        #expect(graph.x.count == 4 && graph.y.count == 4)
        // Alpha->Beta, Alpha->Gamma, Beta->Alpha, Gamma->Alpha (twice in the text, once here).
        let pairs = stride(from: 0, to: graph.l.count, by: 2).map { [graph.l[$0], graph.l[$0 + 1]] }
        #expect(pairs == [[0, 1], [0, 3], [1, 0], [3, 0]])
        // Linked notes sit nearer each other than the unlinked Delta sits to Alpha.
        func distance(_ a: Int, _ b: Int) -> Double {
            Double(
                (graph.x[a] - graph.x[b]) * (graph.x[a] - graph.x[b]) + (graph.y[a] - graph.y[b])
                    * (graph.y[a] - graph.y[b])
            ).squareRoot()
        }
        #expect(distance(0, 1) < distance(0, 2))
    }

    @Test func theGraphPageAndTheLocalGraphAreLinked() async throws {
        let (vault, _) = try await Self.build()
        defer { vault.remove() }
        let page = try vault.read("_site/graph.html")
        #expect(page.contains("<canvas class=\"graph-canvas\""))
        #expect(page.contains("<script src=\"assets/graph-data.js\" defer></script>"))
        #expect(page.contains("4 notes, 4 links"))
        // Without JavaScript the page says what it is and where the notes are listed.
        #expect(page.contains("<p class=\"graph-fallback\">") && page.contains("href=\"index.html\""))
        let note = try vault.read("_site/trips/gamma.html")
        #expect(note.contains("<a href=\"../graph.html\">Graph</a>"))
        #expect(note.contains("<section class=\"local-graph\""))
        #expect(note.contains("data-depth=\"1\""))
        #expect(note.contains("<script src=\"../assets/graph.js\" defer></script>"))
        // The local graph names no other note: its page does not change when they do.
        #expect(!note.contains("graph-data.js"))
        #expect(try vault.read("_site/index.html").contains("href=\"graph.html\">Graph</a>"))
    }

    @Test func settingsTurnEachGraphOff() async throws {
        let (none, report) = try await Self.build(["notesite.yml": "graph: false\nlocal_graph: false\n"])
        defer { none.remove() }
        #expect(report.diagnostics.isEmpty)
        #expect(!none.exists("_site/graph.html") && !none.exists("_site/assets/graph-data.js"))
        let plain = try none.read("_site/alpha.html")
        #expect(!plain.contains("graph.html") && !plain.contains("local-graph"))

        let (local, _) = try await Self.build(["notesite.yml": "graph: false\ngraph_depth: 2\n"])
        defer { local.remove() }
        #expect(!local.exists("_site/graph.html") && local.exists("_site/assets/graph-data.js"))
        let page = try local.read("_site/alpha.html")
        #expect(page.contains("data-depth=\"2\"") && !page.contains("graph.html"))

        let (site, _) = try await Self.build(["notesite.yml": "local_graph: false\n"])
        defer { site.remove() }
        #expect(site.exists("_site/graph.html"))
        #expect(!(try site.read("_site/alpha.html")).contains("local-graph"))
    }

    @Test func tagsBecomeNodesWhenAskedFor() async throws {
        let (vault, _) = try await Self.build(["notesite.yml": "graph_tags: true\n"])
        defer { vault.remove() }
        let graph = try Self.graphFile(try vault.read("_site/assets/graph-data.js"))
        #expect(graph.n == 4)
        #expect(Array(graph.t.dropFirst(4)) == ["#travel", "#travel/europe"])
        #expect(Array(graph.u.dropFirst(4)) == ["tags/travel.html", "tags/travel/europe.html"])
        let pairs = Set(stride(from: 0, to: graph.l.count, by: 2).map { [graph.l[$0], graph.l[$0 + 1]] })
        // Alpha to #travel, Gamma to #travel/europe, #travel/europe to its parent.
        #expect(pairs.isSuperset(of: [[0, 4], [3, 5], [5, 4]]))
    }

    @Test(arguments: [
        ("graph: maybe\n", "'graph' must be true or false, found a string", 1, 8),
        ("local_graph: 1\n", "'local_graph' must be true or false, found a number", 1, 14),
        (
            "graph_depth: 3\n",
            "'graph_depth' must be 1 (links and backlinks) or 2 (their links too), found 3", 1, 14
        ),
        ("title: A\ngraph_tags: [x]\n", "'graph_tags' must be true or false, found a list", 2, 13),
    ])
    func aBadValueIsAnErrorNamingTheSetting(text: String, message: String, line: Int, column: Int) {
        let (configuration, diagnostics) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.first?.severity == .error)
        #expect(
            diagnostics.first?.location == SourceLocation(file: "notesite.yml", line: line, column: column))
        #expect(configuration.graph == GraphSettings(), "a bad value keeps the default")
    }

    @Test func aNoteNamedGraphKeepsItsPage() async throws {
        let (vault, report) = try await Self.build(["graph.md": "# My graph\n\nmine\n"])
        defer { vault.remove() }
        #expect(try vault.read("_site/graph.html").contains("mine"))
        #expect(report.diagnostics.map(\.message).contains { $0.contains("graph page is left out") })
    }

    @Test func theDataFileIsTheSameWithAnyNumberOfJobs() async throws {
        var many = (0..<60).reduce(into: [String: String]()) { notes, index in
            notes["n\(index).md"] = "# N\(index)\n\n[[n\((index * 7 + 3) % 60)]] [[n\((index + 1) % 60)]]\n"
        }
        many["notesite.yml"] = "title: Same\n"
        let (one, _) = try await Self.build(many, jobs: 1)
        defer { one.remove() }
        let (four, _) = try await Self.build(many, jobs: 4)
        defer { four.remove() }
        let data = try one.read("_site/assets/graph-data.js")
        #expect(data == (try four.read("_site/assets/graph-data.js")))
        #expect(try one.read("_site/graph.html") == (try four.read("_site/graph.html")))
    }

    @Test func aSaveThatChangesNoLinkReusesTheLayout() async throws {
        let (vault, _) = try await Self.build()
        defer { vault.remove() }
        var options = BuildOptions(vault: vault.root, jobs: 2)
        let memory = BuildMemory()
        options.memory = memory
        _ = await SiteBuild.make(options)
        #expect(memory.store(GraphStage.layouts).made == 1)
        try vault.write("# Beta\n\nBack to [[Alpha]], with more words.\n", to: "beta.md")
        _ = await SiteBuild.make(options)
        // Only words changed: the whole graph script is kept, the layout not even asked for.
        #expect(memory.store(GraphStage.drawings).reused == 1 && memory.store(GraphStage.layouts).reused == 0)
        try vault.write("# Beta renamed\n\nBack to [[Alpha]], with more words.\n", to: "beta.md")
        let (site, _) = await SiteBuild.make(options)
        // A new title is drawn again, on the same layout.
        #expect(
            memory.store(GraphStage.drawings).made == 2 && memory.store(GraphStage.layouts).made == 1
                && memory.store(GraphStage.layouts).reused == 1)
        let data = String(decoding: site?.files["assets/graph-data.js"] ?? Data(), as: UTF8.self)
        #expect(data.contains("\"Beta renamed\""))
        // A new link is a new shape: laid out again.
        try vault.write("# Delta\n\nNow [[Beta]].\n", to: "delta.md")
        _ = await SiteBuild.make(options)
        #expect(memory.store(GraphStage.layouts).made == 2)
    }
}
