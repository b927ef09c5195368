import Foundation
import Testing

@testable import SiteBuilder

/// Boards in `serve`: after each edit (a note a board shows, the board itself, a board added or
/// removed, a note embedding a board) a build that reuses earlier builds' work makes byte for byte
/// what a fresh build makes.
@Suite struct CanvasIncrementalTests {
    @Test func editsAroundABoardMatchFreshBuilds() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        for (path, text) in CanvasSiteTests.files(["index.md": "# Home\n\n![[Plans.canvas]]\n"]) {
            try vault.write(text, to: path)
        }
        for (path, data) in CanvasSiteTests.images { try vault.write(data, to: path) }
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        _ = await SiteBuild.make(options)
        let moved = CanvasSiteTests.board.replacingOccurrences(of: "\"x\":350", with: "\"x\":420")
        let edits: [(String, () throws -> Void)] = [
            (
                "the shown section of a note",
                {
                    try vault.write(
                        CanvasSiteTests.trip.replacingOccurrences(of: "We walked.", with: "We ran."),
                        to: "notes/Trip.md")
                }
            ),
            ("a node moved", { try vault.write(moved, to: "Plans.canvas") }),
            (
                "a text node's words",
                {
                    try vault.write(
                        moved.replacingOccurrences(of: "Callout", with: "Aside"), to: "Plans.canvas")
                }
            ),
            (
                "a board added",
                {
                    try vault.write(
                        "{\"nodes\":[{\"id\":\"a\",\"type\":\"text\",\"text\":\"[[Trip]]\",\"x\":0,\"y\":0,\"width\":9,\"height\":9}]}",
                        to: "More.canvas")
                }
            ),
            ("the embedding note", { try vault.write("# Home\n\n![[More.canvas]]\n", to: "index.md") }),
            (
                "a board removed",
                { try FileManager.default.removeItem(at: vault.root.appendingPathComponent("More.canvas")) }
            ),
        ]
        for (name, edit) in edits {
            try edit()
            let (incremental, _) = await SiteBuild.make(options)
            let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
            let made = try #require(incremental?.files)
            let expected = try #require(fresh?.files)
            let differing = Set(made.keys).union(expected.keys).filter { made[$0] != expected[$0] }.sorted()
            #expect(differing.isEmpty, "after \(name): \(differing)")
        }
        let (site, _) = await SiteBuild.make(options)
        let trip = String(decoding: site?.files["notes/trip.html"] ?? Data(), as: UTF8.self)
        #expect(trip.contains("plans.canvas.html") && !trip.contains("more.canvas.html"))
    }
}

/// Which files are pages, and what they are called without a title.
struct PageKindTests {
    @Test func kindsByExtensionInAnyCase() {
        #expect(PageKind.of("a/Trip.md") == .note)
        #expect(PageKind.of("Trip.MD") == .note)
        #expect(PageKind.of("Plans.canvas") == .canvas)
        #expect(PageKind.of("x/Plans.CANVAS") == .canvas)
        #expect(PageKind.of("Plans.canvas.bak") == nil)
        #expect(PageKind.of("photo.png") == nil)
        #expect(PageKind.of("canvas") == nil)
        #expect(PageKind.of("books/Library.base") == .base)
        #expect(PageKind.of("Library.BASE") == .base)
        #expect(PageKind.of("database") == nil)
        #expect(PageKind.stem(of: "Library.base") == "Library")
        #expect(PageKind.stem(of: "Plans.canvas") == "Plans")
        #expect(PageKind.stem(of: "Trip.md") == "Trip")
    }
}
