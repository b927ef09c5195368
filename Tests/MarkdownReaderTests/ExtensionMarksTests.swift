internal import CCmark
internal import CCmarkArena
import NoteModel
import Testing

@testable import MarkdownReader

/// Marks are found through each node's cmark user data: every node reads back its own marks, and
/// an unmarked node (or one whose user data these marks did not set) reads back none.
@Suite struct ExtensionMarksTests {
    @Test func eachNodeReadsBackItsOwnMarks() throws {
        notesite_cmark_arena_enter()
        defer { notesite_cmark_arena_leave() }
        let table = try #require(CmarkTree.newNode(CMARK_NODE_CUSTOM_BLOCK))
        let row = try #require(CmarkTree.newNode(CMARK_NODE_CUSTOM_BLOCK))
        let strike = try #require(CmarkTree.newNode(CMARK_NODE_CUSTOM_INLINE))
        let unmarked = try #require(CmarkTree.newNode(CMARK_NODE_PARAGRAPH))
        var marks = ExtensionMarks()
        #expect(marks.blockCount == 0 && !marks.hasPositions && !marks.hasLineShifts)

        marks.setBlock(.table(alignments: [.left]), of: table)
        marks.setBlock(.tableRow(header: true), of: row)
        marks.setPosition(
            start: LineColumn(line: 3, column: 2), end: LineColumn(line: 4, column: 9), of: row)
        marks.setInline(.strikethrough, of: strike)
        marks.setLineShift(7, of: table)
        // A second block for the same node replaces the first and is not counted again.
        marks.setBlock(.table(alignments: [.right]), of: table)

        #expect(marks.block(of: table) == .table(alignments: [.right]))
        #expect(marks.block(of: row) == .tableRow(header: true))
        #expect(marks.block(of: strike) == nil)
        #expect(marks.inline(of: strike) == .strikethrough)
        #expect(marks.inline(of: table) == nil)
        #expect(marks.position(of: row)?.start == LineColumn(line: 3, column: 2))
        #expect(marks.position(of: row)?.end == LineColumn(line: 4, column: 9))
        #expect(marks.position(of: table) == nil)
        #expect(marks.lineShift(of: table) == 7)
        #expect(marks.lineShift(of: row) == nil)
        #expect(marks.blockCount == 2 && marks.hasPositions && marks.hasLineShifts)
        #expect(marks.block(of: unmarked) == nil && marks.inline(of: unmarked) == nil)
        #expect(marks.position(of: unmarked) == nil && marks.lineShift(of: unmarked) == nil)
    }

    @Test func userDataPastTheEntriesIsNoMark() throws {
        notesite_cmark_arena_enter()
        defer { notesite_cmark_arena_leave() }
        let node = try #require(CmarkTree.newNode(CMARK_NODE_CUSTOM_BLOCK))
        cmark_node_set_user_data(node, UnsafeMutableRawPointer(bitPattern: 5))
        let marks = ExtensionMarks()
        #expect(marks.block(of: node) == nil)
    }

    /// A table's rows and cells converted with their marks: kinds and positions come through.
    @Test func tableCellsKeepTheirKindsAndPlaces() {
        let document = MarkdownReader.read(
            "| a | b |\n|:--|--:|\n| c | d |\n", options: ReaderOptions(syntax: .gfm))
        let cells = document.blocks.filter {
            if case .tableCell = $0.kind { true } else { false }
        }
        #expect(
            cells.map(\.kind) == [
                .tableCell(alignment: .left), .tableCell(alignment: .right), .tableCell(alignment: .left),
                .tableCell(alignment: .right),
            ])
        #expect(cells.map { $0.start.map { "\($0)" } ?? "" } == ["1:3", "1:7", "3:3", "3:7"])
    }
}
