import JSONCanvas
import NoteModel

/// A board read, resolved and written on its own, outside a build, as its page's body would be:
/// for the fuzz target (`Fuzz/Canvas`), which checks the HTML any bytes can make.
package struct CanvasProof {
    /// The board as read.
    package let canvas: Canvas
    /// The board's body.
    package let html: String
    /// Every problem: reading, resolving and writing.
    package let diagnostics: [Diagnostic]

    /// `bytes` as `board.canvas` in a vault that also holds `notes` (path and Markdown) and the
    /// other `files` (paths only: an image among them has no rendition, as a broken one).
    package init(board bytes: [UInt8], notes: [(path: String, markdown: String)], files: [String]) {
        let board = CanvasPage.source("board.canvas", bytes: bytes, displayName: "board.canvas")
        let sources =
            [board]
            + notes.map { NoteLoading.parse($0.path, bytes: Array($0.markdown.utf8), displayName: $0.path) }
        let site = LinkContext(
            notes: sources, files: files, pages: SiteBuild.pagePaths(for: sources, style: .files),
            style: .files)
        let resolved = sources.map { NoteLoading.link($0, in: site) }
        let writer = PageBody(
            notes: Dictionary(resolved.map { ($0.path, $0) }) { first, _ in first }, renditions: [:],
            allowHTML: false, urls: .files, pagePath: resolved[0].pagePath)
        let made = writer.utf8(for: resolved[0])
        canvas = CanvasPage.canvas(of: board)
        html = String(decoding: made.html, as: UTF8.self)
        diagnostics = resolved[0].diagnostics + made.diagnostics
    }
}

extension CanvasPage {
    /// The board a page's source holds (an empty one for a note).
    fileprivate static func canvas(of source: SourceNote) -> Canvas {
        if case .canvas(let page) = source.content { page.canvas } else { Canvas() }
    }
}
