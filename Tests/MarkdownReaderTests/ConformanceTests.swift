import Testing

/// Every CommonMark example rendered through the model equals libcmark's own HTML, run live.
@Suite(.enabled(if: Corpus.shouldRun, "../shared/corpora is absent: conformance skipped"))
struct ConformanceTests {
    @Test("HTML from the model equals cmark_render_html", arguments: Corpus.all)
    func matchesCmark(_ example: CorpusExample) {
        let markdown = example.entry.markdown
        for unsafe in [false, true] {
            let expected = CmarkReference.html(markdown, unsafe: unsafe, smart: example.smart)
            let actual = Rendering.html(markdown, unsafe: unsafe, smart: example.smart)
            #expect(actual == expected, "unsafe: \(unsafe)")
        }
    }
}
