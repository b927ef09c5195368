import NoteModel

extension ObsidianSource {
    /// The passes over cmark's converted tree: callouts, block ids, display math, heading ids.
    func finish(_ document: inout NoteDocument) {
        document.frontMatter = frontMatter
        document.diagnostics += diagnostics
        Callouts.apply(&document)
        BlockIDs.apply(&document)
        DisplayMath.apply(&document)
        HeadingIDs.apply(&document)
    }
}
