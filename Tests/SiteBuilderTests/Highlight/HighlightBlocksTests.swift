import Testing

@testable import SiteBuilder

/// The highlight stage gathers every note's code on several workers: the shares together must
/// find exactly what one pass over all the notes finds.
@Suite struct HighlightBlocksTests {
    @Test func sharesFindWhatOnePassFinds() async {
        // 700 notes, 350 distinct blocks, each in two notes, with diagrams and plain fences aside.
        let sources = (0..<700).map { index in
            let text = """
                # Note \(index)

                ```python
                print(\(index / 2))
                ```

                ```mermaid
                graph TD; A-->B\(index)
                ```

                ```
                no language \(index)
                ```
                """
            return NoteLoading.parse("n\(index).md", bytes: Array(text.utf8), displayName: "n\(index).md")
        }
        let site = LinkContext(notes: sources, files: [], pages: [:], style: .files)
        let notes = sources.map { NoteLoading.link($0, in: site) }
        let alone = HighlightStage.blocks(in: notes[...])
        #expect(alone.count == 350)
        #expect(alone.allSatisfy { $0.language == "python" })
        for jobs in [1, 2, 3, 8] {
            #expect(await HighlightStage.blocks(in: notes, jobs: jobs) == alone, "jobs \(jobs)")
        }
    }
}
