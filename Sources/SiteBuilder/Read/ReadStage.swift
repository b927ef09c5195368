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
        let last = memory?.lastRead.withLock { $0 }
        let read = await context.map(Array(vault.notes.indices)) { index -> (SourceNote, Vault.Entry?) in
            let path = vault.notes[index]
            let entry = vault.entry(path).flatMap { $0.stamp.isSettled(at: now) ? $0 : nil }
            if let last, let note = last.note(at: index, path: path, entry: entry) { return (note, entry) }
            let note = NoteLoading.read(
                path, from: vault, displayName: display.name(path), memory: memory, now: now)
            return (note, entry)
        }
        let notes = read.map(\.0)
        if let memory {
            // A save changes no path: only a list of notes that changed needs the caches trimmed.
            if last?.paths != vault.notes {
                let paths = Set(vault.notes)
                memory.notes.keep(only: paths)
                memory.settledNotes.keep(only: paths)
            }
            memory.lastRead.withLock {
                $0 = LastRead(paths: vault.notes, entries: read.map(\.1), notes: notes)
            }
        }
        return Output(notes: notes.filter(\.isPublished))
    }
}

/// The notes the last build read, in the vault's order, each with its file's entry when its stamp
/// had settled (`serve`). A note at the same place, whose file has the same settled entry, is the
/// same note: found by position, without a key or a lock per note.
struct LastRead: Sendable {
    let paths: [String]
    let entries: [Vault.Entry?]
    let notes: [SourceNote]

    func note(at index: Int, path: String, entry: Vault.Entry?) -> SourceNote? {
        guard let entry, index < paths.count, paths[index] == path, entries[index] == entry else {
            return nil
        }
        return notes[index]
    }
}
