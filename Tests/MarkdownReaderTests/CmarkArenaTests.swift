internal import CCmark
internal import CCmarkArena
import Foundation
import TestSupport
import Testing

@testable import MarkdownReader

/// libcmark's memory during a read comes from a per-thread arena released at once
/// (Sources/CCmarkArena): trees made in it must be the trees libcmark makes with its own allocator.
@Suite struct CmarkArenaTests {
    /// libcmark's HTML of `markdown` parsed with the default allocator and inside an arena scope.
    static func htmlBothWays(_ markdown: String, flags: Int32) -> (plain: String, arena: String) {
        let bytes = Array(markdown.utf8)
        // The HTML comes from the tree's own allocator, and goes back to it.
        func render(_ root: OpaquePointer?) -> String {
            guard let root, let html = cmark_render_html(root, flags) else { return "<failed>" }
            defer { notesite_cmark_memory().pointee.free(html) }
            return String(cString: html)
        }
        let plainRoot = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, flags) }
        }
        let plain = render(plainRoot)
        plainRoot.map { cmark_node_free($0) }
        notesite_cmark_arena_enter()
        defer { notesite_cmark_arena_leave() }
        return (plain, render(CmarkTree.parse(bytes, flags: flags)))
    }

    /// Random documents of block and inline syntax, some with paragraphs and code past the large
    /// block size (32 KB), where buffers move between the arena's chunks and the large list.
    @Test(arguments: 0..<6)
    func treesAreLibcmarksOwn(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = [
            "word ", "*em* ", "**strong** ", "[link](/u \"t\") ", "![img](i.png) ", "`code` ", "<b>x</b> ",
            "\n", "\n\n", "> ", "- ", "1. ", "    indented\n", "```\nfence\n```\n", "# H\n", "[ref]: /r\n",
            "[ref] ", "&amp; ", "\\* ", "line  \nbreak ", "\r\n",
        ]
        for size in [1, 10, 100, 1_000, 20_000] {
            let markdown = (0..<size).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
            for flags in [CMARK_OPT_SOURCEPOS, CMARK_OPT_SOURCEPOS | CMARK_OPT_SMART | CMARK_OPT_UNSAFE] {
                let html = Self.htmlBothWays(markdown, flags: flags)
                #expect(html.plain == html.arena, "size \(size)")
            }
        }
    }

    /// Outside a scope libcmark's own allocator is given; scopes nest, and only leaving the
    /// outermost releases what they hold.
    @Test func scopesNestAndTheOutermostReleases() {
        #expect(notesite_cmark_memory() == cmark_get_default_mem_allocator())
        #expect(notesite_cmark_arena_bytes() == 0)
        notesite_cmark_arena_enter()
        #expect(notesite_cmark_memory() != cmark_get_default_mem_allocator())
        let root = CmarkTree.parse(Array("# Title\n\nSome *text*.\n".utf8), flags: CMARK_OPT_SOURCEPOS)
        #expect(root != nil)
        let held = notesite_cmark_arena_bytes()
        #expect(held > 0)
        notesite_cmark_arena_enter()
        notesite_cmark_arena_leave()
        #expect(notesite_cmark_arena_bytes() == held)
        notesite_cmark_arena_leave()
        #expect(notesite_cmark_arena_bytes() == 0)
        #expect(notesite_cmark_memory() == cmark_get_default_mem_allocator())
    }

    /// A huge code block grows one buffer again and again: large buffers are reallocated rather
    /// than copied into the arena each time, so the arena holds about the text, not the sum of
    /// every size the buffer had (about three times the text).
    @Test func aGrowingLargeBufferIsNotKeptAtEverySize() {
        let markdown = "```\n" + String(repeating: "a long line of code\n", count: 300_000) + "```\n"
        notesite_cmark_arena_enter()
        defer { notesite_cmark_arena_leave() }
        let root = CmarkTree.parse(Array(markdown.utf8), flags: CMARK_OPT_SOURCEPOS)
        #expect(root != nil)
        #expect(notesite_cmark_arena_bytes() < 2 * markdown.utf8.count)
    }

    /// A read leaves nothing in the arena, whatever the note holds (tables, footnotes, links).
    @Test func aReadReleasesItsArena() {
        let markdown =
            "| a | b |\n|---|---|\n| [x] | *y* |\n\nText[^1] www.example.com ~~s~~\n\n[^1]: Note.\n"
        let document = MarkdownReader.read(markdown, file: "a.md", options: ReaderOptions(syntax: .obsidian))
        #expect(!document.blocks.isEmpty)
        #expect(notesite_cmark_arena_bytes() == 0)
    }
}
