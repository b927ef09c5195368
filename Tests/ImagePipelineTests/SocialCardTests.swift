import Foundation
import Testing

@testable import ImagePipeline

/// Social cards drawn from an SVG with text boxes (``SocialCard``): decoded back with libvips and
/// checked for size, ink where the text goes, shortening, CJK glyphs, Arabic shaping and
/// right-to-left placement.
@Suite struct SocialCardTests {
    static let background = "#ffffff"

    /// A white card with one text box at (80, 100), 1040 x `height`, in black.
    static func svg(text: String, height: Int = 240, font: String = "DejaVu Sans, sans-serif Bold 64px")
        -> String
    {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "\"", with: "&quot;"
        )
        .replacingOccurrences(of: "<", with: "&lt;")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
            <rect width="1200" height="630" fill="\(background)"/>
            <rect data-text="\(escaped)" x="80" y="100" width="1040" height="\(height)" fill="none" \
            data-font="\(font)" data-color="#000000"/>
            </svg>
            """
    }

    static func card(_ text: String, height: Int = 240) throws -> DecodedImage {
        let made = try SocialCard(svg: svg(text: text, height: height), name: "test").draw(fonts: "test")
        return try DecodedImage(made.image.data)
    }

    /// Rows (from the top) that have a dark pixel between columns `x`.
    static func inkedRows(_ image: DecodedImage, x: Range<Int> = 0..<1200) -> [Int] {
        (0..<image.height).filter { row in
            x.contains { column in
                let offset = (row * image.width + column) * image.bands
                return image.pixels[offset] < 128
            }
        }
    }

    /// Columns that have a dark pixel between rows `y`.
    static func inkedColumns(_ image: DecodedImage, y: Range<Int>) -> [Int] {
        (0..<image.width).filter { column in
            y.contains { row in image.pixels[(row * image.width + column) * image.bands] < 128 }
        }
    }

    @Test func aCardIs1200x630WithInkInItsTextBoxOnly() throws {
        let image = try Self.card("Lisbon in spring")
        #expect(
            image.width == 1200 && image.height == 630 && image.bands == 3 && image.loader.contains("Png"))
        let rows = Self.inkedRows(image)
        #expect(!rows.isEmpty, "the title has ink")
        #expect(rows.allSatisfy { (100..<340).contains($0) }, "ink only in the box: \(rows.first ?? -1)...")
        let blank = try Self.card("")
        #expect(Self.inkedRows(blank).isEmpty, "an empty text draws nothing")
    }

    @Test func aLongTitleIsShortenedToItsBoxWithAnEllipsis() throws {
        let long = Array(repeating: "a long title about the coast of Portugal", count: 6).joined(
            separator: " ")
        let tall = Self.inkedRows(try Self.card(long, height: 520))
        let short = Self.inkedRows(try Self.card(long, height: 160))
        #expect((tall.last ?? 0) > 300, "the whole text needs more than 160 pixels: \(tall.last ?? 0)")
        #expect(!short.isEmpty && (short.last ?? 999) < 260, "cut to fit the box: \(short.last ?? -1)")
        let block = try #require(
            CardTextLayout.block(
                for: CardTextBox(
                    text: long, x: 0, y: 0, width: 1040, height: 160, font: "sans-serif 64px",
                    color: "#000000")))
        #expect(block.height <= 160)
    }

    @Test func theEllipsisComesAtAPlaceALineMayBreak() {
        #expect(CardTextLayout.cutPoints(Array("ab cd ef")) == [2, 5])
        #expect(CardTextLayout.cutPoints(Array("東京都")) == [1, 2])
        #expect(CardTextLayout.cutPoints(Array("abcd")) == [1, 2, 3], "one long word: anywhere")
    }

    /// Pango's missing-glyph box is a rectangle: each edge of its inked area is inked along its
    /// length. A word's glyphs leave gaps along at least one edge. The least-inked edge's share.
    static func edgeFill(_ text: String) throws -> Double {
        let image = try card(text)
        let rows = inkedRows(image)
        let top = try #require(rows.first)
        let bottom = try #require(rows.last)
        let columns = inkedColumns(image, y: top..<(bottom + 1))
        let left = try #require(columns.first)
        let right = try #require(columns.last)
        let ink = { (x: Int, y: Int) in image.pixels[(y * image.width + x) * image.bands] < 128 }
        let height = Double(bottom - top + 1)
        let width = Double(right - left + 1)
        return [
            Double((top...bottom).filter { ink(left, $0) }.count) / height,
            Double((top...bottom).filter { ink(right, $0) }.count) / height,
            Double((left...right).filter { ink($0, top) }.count) / width,
            Double((left...right).filter { ink($0, bottom) }.count) / width,
        ].min() ?? 0
    }

    @Test func cjkAndArabicTitlesDrawGlyphsNotMissingGlyphBoxes() throws {
        // U+0378 is unassigned: no font has it, so Pango draws its box; the check sees boxes.
        let boxes = try Self.edgeFill("\u{0378}")
        let cjk = try Self.edgeFill("東京")
        let kana = try Self.edgeFill("ねこ")
        let arabic = try Self.edgeFill("عين")
        let hebrew = try Self.edgeFill("שלום")
        #expect(boxes > 0.8, "\(boxes)")
        #expect(cjk < 0.6, "a CJK font is found through fontconfig: \(cjk)")
        #expect(kana < 0.6, "\(kana)")
        #expect(arabic < 0.6, "an Arabic font is found: \(arabic)")
        #expect(hebrew < 0.6, "a Hebrew font is found: \(hebrew)")
    }

    @Test func arabicIsShapedJoinedAndSetAgainstTheRightEdge() throws {
        let box = { (text: String) in
            CardTextBox(
                text: text, x: 0, y: 0, width: 1040, height: 240, font: "sans-serif 64px", color: "#000000")
        }
        let joined = try #require(CardTextLayout.block(for: box("سلام")))
        // The same letters kept apart by zero-width non-joiners: their isolated forms are wider.
        let apart = try #require(CardTextLayout.block(for: box("س\u{200C}ل\u{200C}ا\u{200C}م")))
        #expect(joined.width < apart.width, "contextual forms: \(joined.width) < \(apart.width)")
        #expect(CardTextLayout.isRightToLeft("سلام عليكم") && CardTextLayout.isRightToLeft("«שלום» 2024"))
        #expect(!CardTextLayout.isRightToLeft("Lisbon سلام") && !CardTextLayout.isRightToLeft("東京"))
        let image = try Self.card("سلام")
        let rows = Self.inkedRows(image)
        let columns = Self.inkedColumns(image, y: (rows.first ?? 0)..<((rows.last ?? 0) + 1))
        #expect(
            (columns.last ?? 0) > 1080 && (columns.first ?? 0) > 600, "against the right edge: \(columns)")
    }

    @Test func textBoxesAreReadFromTheSVGWithEntitiesDecoded() {
        let boxes = CardTextBox.boxes(
            in: """
                <svg><!-- <rect data-text="no"/> --><rect data-text="Tom &amp; &quot;Jerry&quot; &#39;&#x41;" \
                x="10" y='20.4' width="30" height="40" data-font="Serif 12px" data-color="#abc"/>
                <rect data-text="bad" x="1" y="1" width="0" height="5"/>
                <rect data-text="markup" x="1" y="1" width="5" height="5" data-font="a&lt;b" data-color="red"/></svg>
                """)
        #expect(boxes.count == 2)
        #expect(
            boxes.first
                == CardTextBox(
                    text: "Tom & \"Jerry\" 'A", x: 10, y: 20, width: 30, height: 40, font: "Serif 12px",
                    color: "#abc"))
        #expect(boxes.last?.font == CardTextBox.defaultFont && boxes.last?.color == CardTextBox.defaultColor)
    }

    @Test func markupInTheTextIsDrawnAsText() throws {
        #expect(
            CardTextLayout.markup("<b>&'\"", color: "#000")
                == "<span foreground=\"#000\">&lt;b&gt;&amp;&apos;&quot;</span>")
        let image = try Self.card("<b>bold</b> & <span foreground='red'>x</span>")
        #expect(!Self.inkedRows(image).isEmpty)
    }

    @Test func aCardOfTheWrongSizeIsAnError() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"315\"/>"
        #expect(throws: ImageError.self) { try SocialCard(svg: svg, name: "a.md").draw(fonts: "") }
    }

    @Test func aCachedCardIsReadBackAndAnotherTextOrFontsMiss() throws {
        let folder = try TemporaryFolder()
        let cache = RenditionCache(folder: folder.url)
        let card = SocialCard(svg: Self.svg(text: "Cached"), name: "a.md")
        let first = try card.draw(fonts: "f1", cache: cache)
        let second = try card.draw(fonts: "f1", cache: cache)
        #expect(!first.fromCache && second.fromCache && first.image == second.image)
        #expect(try !card.draw(fonts: "f2", cache: cache).fromCache, "other fonts draw again")
        #expect(
            try !SocialCard(svg: Self.svg(text: "Changed"), name: "a.md").draw(fonts: "f1", cache: cache)
                .fromCache)
        #expect(cache.statistics.hits == 1 && cache.statistics.encodes == 3)
    }

    @Test func theFontsIdentityChangesWithTheFontFiles() throws {
        let home = try TemporaryFolder()
        let before = CardFonts.identity(home: home.url.path)
        #expect(before == CardFonts.identity(home: home.url.path))
        let fonts = home.url.appendingPathComponent(".fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try Data("not really a font".utf8).write(to: fonts.appendingPathComponent("x.ttf"))
        #expect(CardFonts.identity(home: home.url.path) != before)
    }
}
