import NoteModel

/// Read: every note's bytes through the Markdown reader into the attributed model. Drafts
/// (`draft: true`, `publish: false`) leave here, unseen by every later stage. A note whose name
/// and bytes are unchanged since an earlier build in this process is not parsed again.
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
        let notes = await context.map(vault.notes) { path in
            NoteLoading.read(path, from: vault, displayName: display.name(path), memory: memory)
        }
        memory?.notes.keep(only: Set(vault.notes))
        return Output(notes: notes.filter(\.isPublished))
    }
}
