import Foundation
import MarkdownReader
import NoteHTML
import NoteModel
import Testing

/// 10,000-deep nesting converts, renders and round-trips without touching the call stack,
/// also inside a task (tasks run on smaller stacks).
struct DeepNestingTests {
    static let depth = 10_000

    enum Shape: String, CaseIterable, Sendable {
        case blockQuotes, lists, emphasis, links, imagesInAlt

        var markdown: String {
            let n = DeepNestingTests.depth
            return switch self {
            case .blockQuotes: String(repeating: ">", count: n) + " deep\n"
            case .lists: String(repeating: "- ", count: n) + "deep\n"
            case .emphasis:
                String(repeating: "*", count: n) + "deep" + String(repeating: "*", count: n) + "\n"
            // A link cannot hold a link, so the deep part is emphasis inside one link.
            case .links:
                "[" + String(repeating: "*", count: n) + "deep" + String(repeating: "*", count: n) + "](x)\n"
            case .imagesInAlt:
                String(repeating: "![", count: n) + "deep" + String(repeating: "](x)", count: n) + "\n"
            }
        }
    }

    @Test("Deep nesting works, also inside a detached task", arguments: Shape.allCases)
    func deep(_ shape: Shape) async throws {
        let markdown = shape.markdown
        let direct = try Self.exercise(markdown)
        let inTask = try await Task.detached { try Self.exercise(markdown) }.value
        for outcome in [direct, inTask] {
            #expect(outcome.html == CmarkReference.html(markdown, unsafe: false))
            #expect(outcome.roundTripped)
            #expect(outcome.depth >= Self.depth / 2, "nesting was lost: \(outcome.depth)")
        }
    }

    struct Outcome: Sendable {
        var html: String
        var roundTripped: Bool
        var depth: Int
    }

    /// Parse, render, encode and decode; the depth is the deepest block, span chain or image chain.
    static func exercise(_ markdown: String) throws -> Outcome {
        let document = MarkdownReader.read(markdown)
        let html = HTMLWriter().render(document)
        let decoded = try Rendering.roundTrip(document)
        let roundTripped = decoded == document && HTMLWriter().render(decoded) == html
        let blockDepth = document.blocks.map(\.depth).max() ?? 0
        let spanDepth =
            document.blocks.compactMap(\.content).flatMap { text in
                text.runs.map { text.spanStack(of: $0).count }
            }.max() ?? 0
        return Outcome(
            html: html, roundTripped: roundTripped,
            depth: max(blockDepth, spanDepth, document.imageAttachments.count))
    }
}
