import Testing

@testable import MarkdownReader

struct HTMLImageTagTests {
    @Test func tagScannerReadsQuotedUnquotedAndBareAttributesAndSkipsComments() {
        let tags = HTMLImageTag.all(
            in:
                "<!-- <img src=\"no.png\"> --><IMG SRC=a.png ismap alt='x > y'/><imgx src=b.png><img\nsrc=\"c&amp;d.png\">"
        )
        #expect(tags.map(\.source) == ["a.png", "c&d.png"])
        #expect(tags.first?.attributes.map(\.name) == ["src", "ismap", "alt"])
        #expect(tags.first?.attributes.last?.value == "x > y")
    }

    @Test func entitiesAreDecodedOnceAndLocalMeansNoSchemeNorHost() {
        #expect(HTMLImageTag.decodeEntities("a&amp;lt;b&quot;&#39;&gt;") == "a&lt;b\"'>")
        #expect(HTMLImageTag.isLocal("pics/a b.png") && HTMLImageTag.isLocal("a:b/c.png") == false)
        #expect(HTMLImageTag.isLocal("./x:y.png") && HTMLImageTag.isLocal("C d:/x.png"))
        #expect(!HTMLImageTag.isLocal("https://x.org/a.png") && !HTMLImageTag.isLocal("//x.org/a.png"))
        #expect(!HTMLImageTag.isLocal("data:image/png;base64,AA"))
    }
}
