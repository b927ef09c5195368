import Foundation
import NoteModel

/// Read: every note's bytes through the Markdown reader into the attributed model. Drafts
/// (`draft: true`, `publish: false`) leave here, unseen by every later stage. A note whose name
/// and bytes are unchanged since an earlier build in this process is not parsed again, and one whose
/// file the scan saw unchanged (same file, size and times, long settled) is not even read.
struct ReadStage: BuildStage {
    static let name = "read"

    struct Output: StageOutput {
        /// The published notes, in the vault's order.
        var notes: [SourceNote]
        /// Problems are reported with the note's links, in Resolve; drafts' are never reported.
        var diagnostics: [Diagnostic] { [] }
    }

    func steps(for vault: Vault) -> Int { vault.notes.count }

    func run(_ vault: Vault, _ context: StageContext) async -> Output {
        let display = context.display
        let memory = context.memory
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        let now = clock
        let notes = await context.map(vault.notes) { path in
            NoteLoading.read(path, from: vault, displayName: display.name(path), memory: memory, now: now)
        }
        if let memory {
            let paths = Set(vault.notes)
            memory.notes.keep(only: paths)
            memory.settledNotes.keep(only: paths)
        }
        return Output(notes: notes.filter(\.isPublished))
    }
}
