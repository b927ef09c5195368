import Foundation
import NoteModel
import Testing

@testable import SiteBuilder

@Suite struct SiteBuildTests {
    func build(_ vault: TestVault, output: URL? = nil, strict: Bool = false) async -> BuildReport {
        await SiteBuild.run(BuildOptions(vault: vault.root, output: output, strict: strict, jobs: 2))
    }

    @Test func notesBecomePagesMirroringFolders() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Lisbon in May\n\nTrams and *tiles*.\n", to: "trips/Lisbon.md")
        try vault.write("No heading here.\n", to: "Daily Log.md")
        try vault.write("title: My notes\n", to: "notesite.yml")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.exitCode(strict: true) == 0)
        let page = try vault.read("_site/trips/lisbon.html")
        #expect(page.contains("<em>tiles</em>"))
        #expect(page.contains("../assets/style.css"), "assets are linked relative to the page")
        #expect(vault.exists("_site/daily-log.html"))
        let index = try vault.read("_site/index.html")
        #expect(index.contains("href=\"trips/lisbon.html\""))
        #expect(index.contains("Lisbon in May"), "title from the first heading")
        #expect(index.contains("Daily Log"), "title from the file name")
        #expect(index.contains("My notes"), "site title from notesite.yml")
    }

    @Test func linksToNotesPointAtTheirPages() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(
            "# Home\n\nSee [Lisbon](trips/Lisbon%20Trip.md#Food), [web](https://example.com/a.md),\n"
                + "and [gone](Nowhere.md).\n", to: "Start.md")
        try vault.write(
            "# Lisbon\n\nBack [home](../Start.md) or [by name](Start.md).\n", to: "trips/Lisbon Trip.md")
        let report = await build(vault)
        let home = try vault.read("_site/start.html")
        #expect(home.contains("<a href=\"trips/lisbon-trip.html#Food\">Lisbon</a>"))
        #expect(home.contains("<a href=\"https://example.com/a.md\">web</a>"), "remote links are left alone")
        #expect(home.contains("<a href=\"Nowhere.md\">gone</a>"), "a broken link keeps its text")
        let trip = try vault.read("_site/trips/lisbon-trip.html")
        #expect(trip.contains("<a href=\"../start.html\">home</a>"))
        #expect(trip.contains("<a href=\"../start.html\">by name</a>"))
        #expect(
            report.diagnostics.map(\.description) == [
                "\(vault.root.path)/Start.md:4:5: warning: link to 'Nowhere.md' finds no published note in the vault"
            ])
        #expect(report.exitCode(strict: true) == 1 && report.exitCode(strict: false) == 0)
    }

    @Test func imagesAreResizedAndInlined() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 4000, height: 3000), to: "notes/big photo.png")
        try vault.write(TinyPNG.solid(width: 300, height: 200), to: "small.png")
        try vault.write(
            "# Pics\n\n![Big](big%20photo.png \"Wide\")\n\n![Small](<../small.png>)\n",
            to: "notes/Pics.md")
        let report = await build(vault)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.imageCount == 2)
        let page = try vault.read("_site/notes/pics.html")
        // Solid colours stay lossless: a palette PNG or a lossless WebP, whichever is smaller.
        let inlined = page.components(separatedBy: "src=\"data:image/").dropFirst().map {
            String($0.prefix { $0 != ";" })
        }
        #expect(inlined.count == 2 && inlined.allSatisfy { $0 == "png" || $0 == "webp" }, "\(inlined)")
        #expect(page.contains("width=\"720\" height=\"540\" alt=\"Big\" title=\"Wide\""))
        #expect(page.contains("width=\"300\" height=\"200\" alt=\"Small\""), "never enlarged")
        #expect(!vault.exists("_site/notes/big photo.png"), "inlined, not copied")
    }

    @Test func missingImageIsAnErrorWithPlaceAndPlaceholder() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Trip\n\nLook: ![beach](beach.jpg)\n", to: "trips/Trip.md")
        try vault.write("# Fine\n", to: "Fine.md")
        let report = await build(vault)
        #expect(report.exitCode(strict: false) == 1)
        let messages = report.diagnostics.map(\.description)
        #expect(
            messages.contains {
                $0.hasSuffix(
                    "trips/Trip.md:3:7: error: image 'beach.jpg' not found (looked for beach.jpg, trips/beach.jpg, and by name in the vault)"
                )
            }, "\(messages)")
        #expect(report.wroteOutput, "the rest of the site is still built")
        #expect(try vault.read("_site/trips/trip.html").contains("missing image: beach.jpg"))
        #expect(vault.exists("_site/fine.html"))
    }

    @Test func corruptImageIsAnError() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(Data("not a picture at all".utf8), to: "broken.png")
        try vault.write("![x](broken.png)\n", to: "n.md")
        let report = await build(vault)
        #expect(report.exitCode(strict: false) == 1)
        #expect(
            report.diagnostics.contains {
                $0.description.contains("n.md:1:1: error: cannot use image 'broken.png'")
            })
    }

    @Test func imageOutsideVaultIsRefused() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("![x](../../etc/hostname)\n", to: "n.md")
        let report = await build(vault)
        #expect(report.diagnostics.map(\.severity) == [.error])
        #expect(report.diagnostics.first?.message.contains("outside the vault") == true)
    }

    @Test func strictTurnsWarningsIntoFailure() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n", to: "a.md")
        try vault.write("titel: oops\n", to: "notesite.yml")
        let report = await build(vault, strict: true)
        #expect(report.warningCount == 1 && report.errorCount == 0)
        #expect(report.exitCode(strict: false) == 0)
        #expect(report.exitCode(strict: true) == 1)
    }

    @Test func invalidUTF8IsReportedAndTheRestKept() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(Data("# Caf".utf8 + [0xE9] + Data("\n\nstill here\n".utf8)), to: "latin1.md")
        let report = await build(vault)
        #expect(
            report.diagnostics.map(\.description).contains {
                $0.hasSuffix(
                    "latin1.md:1:6: error: not valid UTF-8 (byte 0xE9 at offset 5); save the file as UTF-8")
            })
        #expect(try vault.read("_site/latin1.html").contains("still here"))
    }

    @Test func clashingPagesAreAnError() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# One\n", to: "My Note.md")
        try vault.write("# Two\n", to: "my-note.md")
        let report = await build(vault)
        #expect(report.errorCount == 1)
        #expect(
            report.diagnostics.first?.message.contains("would both be published as 'my-note.html'") == true)
    }

    @Test func outputIsNeverReadBackAndIsReplacedWhole() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n", to: "a.md")
        _ = await build(vault)
        try vault.write("# Stale\n", to: "_site/stale.md")
        try vault.write("# B\n", to: "b.md")
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent("a.md"))
        let report = await build(vault)
        #expect(
            report.pageCount == 4, "b.html, the index, graph.html and 404.html; _site/stale.md is not a note")
        #expect(!vault.exists("_site/a.html"), "pages of deleted notes go away")
        #expect(!vault.exists("_site/stale.md") && !vault.exists("_site/stale.html"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: vault.root.path)
        #expect(Set(leftovers) == ["_site", "b.md"], "no staging folders left behind")
    }

    @Test func rawHTMLIsSanitizedUnlessAllowed() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n\n<mark onclick=\"go()\">hi</mark> [x](javascript:alert(1))\n", to: "a.md")
        _ = await build(vault)
        let safe = try vault.read("_site/a.html")
        #expect(safe.contains("<mark>hi</mark>"), "safe HTML is kept, its handler removed")
        #expect(safe.contains("<a href=\"\">x</a>"), "dangerous URLs are dropped")
        try vault.write("allow_html: true\n", to: "notesite.yml")
        _ = await build(vault)
        #expect(try vault.read("_site/a.html").contains("<mark onclick=\"go()\">hi</mark>"))
    }

    @Test func strictFailureKeepsTheOldSite() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# Old\n", to: "a.md")
        #expect(await build(vault, strict: true).wroteOutput)
        try vault.write("# New\n\n[broken](nowhere.md)\n", to: "a.md")
        let report = await build(vault, strict: true)
        #expect(!report.wroteOutput && report.exitCode(strict: true) == 1)
        #expect(try vault.read("_site/a.html").contains("Old"))
        let lenient = await build(vault)
        #expect(lenient.wroteOutput)
        #expect(try vault.read("_site/a.html").contains("New"))
    }

    @Test func buildsAreDeterministicWhateverTheJobs() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        for index in 0..<40 {
            try vault.write(
                "# Note \(index)\n\n![p](p\(index % 5).png) [next](n\(index + 1).md)\n",
                to: "f\(index % 3)/n\(index).md")
        }
        for index in 0..<5 {
            try vault.write(TinyPNG.solid(width: 50 + index, height: 40), to: "f\(index % 3)/p\(index).png")
        }
        let one = vault.root.appendingPathComponent("one")
        let many = vault.root.appendingPathComponent("many")
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, output: one, jobs: 1))
        _ = await SiteBuild.run(BuildOptions(vault: vault.root, output: many, jobs: 8))
        let files = try FileManager.default.subpathsOfDirectory(atPath: one.path).sorted()
        #expect(files.count > 40)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: many.path).sorted() == files)
        for file in files {
            let a = FileManager.default.contents(atPath: one.appendingPathComponent(file).path)
            let b = FileManager.default.contents(atPath: many.appendingPathComponent(file).path)
            #expect(a == b, "\(file) differs between --jobs 1 and --jobs 8")
        }
    }

    @Test func forceReplacesAForeignFolderButNeverTheVault() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n", to: "notes/a.md")
        try vault.write("old", to: "public/keep.txt")
        let output = vault.root.appendingPathComponent("public")
        let forced = await SiteBuild.run(
            BuildOptions(vault: vault.root.appendingPathComponent("notes"), output: output, force: true))
        #expect(forced.wroteOutput && !vault.exists("public/keep.txt") && vault.exists("public/a.html"))
        let vaultItself = await SiteBuild.run(
            BuildOptions(vault: vault.root, output: vault.root, force: true))
        #expect(!vaultItself.wroteOutput && vault.exists("notes/a.md"))
    }

    @Test func refusesToReplaceAFolderItDidNotMake() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n", to: "notes/a.md")
        try vault.write("precious", to: "elsewhere/keep.txt")
        let report = await build(vault, output: vault.root.appendingPathComponent("elsewhere"))
        #expect(report.exitCode(strict: false) == 1)
        #expect(!report.wroteOutput)
        #expect(try vault.read("elsewhere/keep.txt") == "precious")
        // The library names the remedy, never a flag: the command line adds `--force`.
        #expect(report.diagnostics.map(\.remedy) == [.allowReplacing])
        #expect(!report.diagnostics.contains { $0.message.contains("--") }, "\(report.diagnostics)")
        let vaultAsOutput = await SiteBuild.run(
            BuildOptions(vault: vault.root.appendingPathComponent("notes"), output: vault.root, jobs: 1))
        #expect(vaultAsOutput.errorCount == 1 && !vaultAsOutput.wroteOutput)
        #expect(vaultAsOutput.diagnostics.first?.remedy == .chooseOutput)
        #expect(vault.exists("notes/a.md"))
    }
}

@Suite struct BuildMemoryTests {
    @Test func rebuildsWithMemoryEqualFreshBuilds() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write("# A\n\n[[B]] and #tag\n", to: "A.md")
        try vault.write("# B\n\nfirst\n", to: "B.md")
        try vault.write("# C\n", to: "C.md")
        var options = BuildOptions(vault: vault.root, jobs: 2)
        options.memory = BuildMemory()
        _ = await SiteBuild.make(options)
        #expect(options.memory?.count == 3)
        try vault.write("# B\n\nsecond\n", to: "B.md")
        try FileManager.default.removeItem(at: vault.root.appendingPathComponent("C.md"))
        try vault.write("# D\n\n[[A]]\n", to: "D.md")
        let (remembered, _) = await SiteBuild.make(options)
        let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
        #expect(remembered == fresh, "a rebuild with memory makes exactly what a fresh build does")
        #expect(try #require(remembered?.files["b.html"]).count > 0)
        let page = String(decoding: remembered?.files["b.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains("second"))
        #expect(options.memory?.count == 3, "C.md is forgotten, D.md remembered")
    }

    @Test func unchangedPagesAreReusedAndChangedOnesRemade() async throws {
        let vault = try TestVault()
        defer { vault.remove() }
        try vault.write(TinyPNG.solid(width: 40, height: 30), to: "p.png")
        try vault.write("# A\n\nFirst words about [[B]].\n", to: "A.md")
        try vault.write("# B\n\n![p](p.png)\n", to: "B.md")
        for index in 0..<5 { try vault.write("# N\(index)\n\n#tag\n", to: "n\(index).md") }
        var options = BuildOptions(vault: vault.root, jobs: 2)
        let memory = BuildMemory()
        options.memory = memory
        _ = await SiteBuild.make(options)
        #expect(memory.reusedPages == 0)
        _ = await SiteBuild.make(options)
        #expect(memory.reusedPages == 7, "nothing changed: every note's page is reused")
        // A's paragraph is B's backlink context: both pages change, the other five do not.
        try vault.write("# A\n\nOther words about [[B]].\n", to: "A.md")
        let (remembered, _) = await SiteBuild.make(options)
        #expect(memory.reusedPages == 12)
        let (fresh, _) = await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))
        #expect(remembered == fresh)
        // An image's bytes change: the page showing it is made again.
        try vault.write(TinyPNG.solid(width: 40, height: 30, rgb: (0, 0, 255)), to: "p.png")
        let (afterImage, _) = await SiteBuild.make(options)
        #expect(afterImage == (await SiteBuild.make(BuildOptions(vault: vault.root, jobs: 2))).0)
        // A theme change remakes every page.
        try vault.write("<footer>mine</footer>\n", to: "_theme/footer.mustache")
        let before = memory.reusedPages
        let (themed, _) = await SiteBuild.make(options)
        #expect(memory.reusedPages == before)
        let page = String(decoding: themed?.files["n0.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains("<footer>mine</footer>"))
    }
}
