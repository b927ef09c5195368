import CodeHighlighter
import Foundation
import NoteModel

/// The "highlight" stage, between Resolve and Pages: every fenced block of every note that names
/// a language (diagrams aside), highlighted in batches by parallel Pygments helpers, with the
/// vault's cache; pages then look their blocks up (``PageBody``).
struct HighlightStage: BuildStage {
    static let name = "highlight"

    let configuration: SiteConfiguration
    let vault: Vault

    struct Output: StageOutput {
        /// nil when `highlight: false` (code is written as cmark writes it).
        var highlights: Highlights?
        var diagnostics: [Diagnostic] { [] }
    }

    /// Each note's code blocks, by the note.
    static let code = KeptPerNote<SourceNote, ContentKey?>("highlight.code")
    /// All code blocks' highlighting, by the blocks (a save rarely changes code).
    static let highlights = Kept<Highlights>("highlight.highlights")

    func run(_ graph: LinkGraph, _ context: StageContext) async -> Output {
        guard configuration.highlight else { return Output() }
        // Like the image cache: a cache folder that leads out of the vault is not used.
        let cache = vault.cacheFolder(named: configuration.cache)
        let highlights = await context.value(
            Self.highlights, key: codeKey(graph.notes, cache: cache, context)
        ) {
            // The cache is read on a worker while the code is gathered here.
            async let opened = CodeHighlighter.Cache(folder: cache)
            let blocks = await Self.blocks(in: graph.notes, jobs: context.jobs)
            return await CodeHighlighter.highlight(blocks, cache: opened, jobs: context.jobs)
        }
        return Output(highlights: highlights)
    }

    /// The key of every note's code: each note's found once per version of the note, so a save
    /// that changes no code hashes no code.
    private func codeKey(_ notes: [ResolvedNote], cache: URL?, _ context: StageContext) -> ContentKey {
        let code = context.perNote(Self.code, notes.map(\.source)) { index in
            let blocks = Self.blocks(in: notes[index...index])
            return blocks.isEmpty ? nil : ContentKey(blocks)
        }
        return ContentKey(ContentKey(combining: code.compactMap { $0 }), cache)
    }

    /// ``blocks(in:)`` on `jobs` workers, a share of the notes each (hashing every block's code is
    /// most of a warm stage, and the stage waits for it).
    static func blocks(in notes: [ResolvedNote], jobs: Int) async -> Set<CodeHighlighter.Block> {
        // A share below a few hundred notes is not worth a task.
        let workers = max(1, min(jobs, notes.count / 256))
        guard workers > 1 else { return blocks(in: notes[...]) }
        let shares = (0..<workers).map { notes.count * $0 / workers..<notes.count * ($0 + 1) / workers }
        let found = await concurrentMap(shares, limit: workers) { blocks(in: notes[$0]) }
        return found.dropFirst().reduce(into: found[0]) { $0.formUnion($1) }
    }

    /// The distinct (language, code) pairs of fenced blocks; mermaid diagrams are not code.
    static func blocks(in notes: ArraySlice<ResolvedNote>) -> Set<CodeHighlighter.Block> {
        // Room for a few blocks a note, made once: each growth of the set hashes all its code again.
        var blocks = Set<CodeHighlighter.Block>(minimumCapacity: notes.count * 4)
        for note in notes {
            // Read in place: a block is not copied (with all its text) to see what kind it is.
            let span = note.document.blocks.span
            for index in span.indices {
                guard case .codeBlock(let info, let literal) = span[index].kind,
                    let language = FenceInfo.language(of: info), language != "mermaid"
                else { continue }
                blocks.insert(CodeHighlighter.Block(language: language, code: literal))
            }
        }
        return blocks
    }
}
