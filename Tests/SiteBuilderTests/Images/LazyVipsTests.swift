import Foundation
import Testing

/// libvips and the hundred libraries it needs cost about 16 MB of memory once mapped, as much as
/// a build of 1,000 text notes: notesite loads it when the first image is read, never for a
/// vault without images, and libmicrohttpd only in `serve` (Sources/CShims/lazy_libraries.c).
/// Seen from outside, in the `notesite` command's own process, through the dynamic loader's log
/// (`LD_DEBUG=files`).
@Suite struct LazyVipsTests {
    /// Runs `notesite ARGUMENTS` with the loader's log on; returns its status and what it printed on stderr.
    static func run(_ notesite: URL, _ arguments: [String]) throws -> (status: Int32, log: String) {
        try OutputSafetyTests.run(notesite, arguments, environment: ["LD_DEBUG": "files"])
    }

    @Test("a build without images never loads libvips; the first image loads it, and it works")
    func libvipsLoadsWithTheFirstImage() throws {
        #if os(Linux)
            guard let notesite = OutputSafetyTests.notesiteBinaryOrSkip() else { return }
            let vault = try TestVault()
            defer { vault.remove() }
            let output = vault.root.appendingPathComponent("_site")
            try vault.write("# Home\n\nSee [[trip]].\n", to: "index.md")
            try vault.write("# Trip\n\nWords, and `code`.\n", to: "trip.md")
            let text = try Self.run(notesite, ["build", vault.root.path, "--output", output.path, "--quiet"])
            #expect(text.status == 0, "\(text.log.suffix(2000))")
            #expect(text.log.contains("file=libcmark"), "the loader's log is on")
            #expect(!text.log.contains("file=libvips"), "libvips was loaded for a vault without images")
            #expect(!text.log.contains("file=libmicrohttpd"), "libmicrohttpd was loaded by a build")

            try vault.write(TinyPNG.solid(width: 40, height: 30), to: "red.png")
            try vault.write("# Trip\n\n![[red.png]]\n", to: "trip.md")
            let images = try Self.run(
                notesite, ["build", vault.root.path, "--output", output.path, "--quiet"])
            #expect(images.status == 0, "\(images.log.suffix(2000))")
            #expect(images.log.contains("file=libvips.so"), "libvips was not loaded for an image")
            let page = try vault.read("_site/trip.html")
            #expect(page.contains("src=\"data:image/"), "the image is processed and inlined")
        #else
            print("skipped: libvips is linked, not loaded on first use, on this system")
        #endif
    }
}
