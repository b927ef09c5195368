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

    /// Each note parsed, by its name and bytes.
    static let parsed = Kept<SourceNote>("read.parsed")
    /// Each note as read, by its file's place, identity and settled stamp (not read again).
    static let settled = Kept<SourceNote>("read.settled")
    /// The notes the last build read, by their place in the vault's list.
    static let lastRead = KeptLast<LastRead>("read.last")

    func run(_ vault: Vault, _ context: StageContext) async -> Output {
        let display = context.display
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        let now = clock
        let last = context.last(Self.lastRead)
        let read = await context.map(Array(vault.notes.indices)) {
            index -> (note: SourceNote, entry: Vault.Entry?) in
            let path = vault.notes[index]
            let entry = vault.entry(path).flatMap { $0.stamp.isSettled(at: now) ? $0 : nil }
            if let last, let note = last.note(at: index, path: path, entry: entry) {
                return (note, entry)
            }
            return (
                readNote(path, from: vault, displayName: display.name(path), entry: entry, context), entry
            )
        }
        let notes = read.map(\.note)
        // A save changes no path: only a list of notes that changed needs the kept notes trimmed.
        if last?.paths != vault.notes, let parsed = context.store(Self.parsed),
            let settled = context.store(Self.settled)
        {
            let paths = Set(vault.notes)
            parsed.keep(only: paths)
            settled.keep(only: paths)
        }
        context.keep(
            LastRead(paths: vault.notes, entries: read.map(\.entry), notes: notes), as: Self.lastRead)
        return Output(notes: notes.filter(\.isPublished))
    }

    /// One note read and parsed; in `serve`, the same file with the same settled stamp (`entry`) as
    /// in an earlier build is not read, and the same bytes are not parsed again.
    private func readNote(
        _ path: String, from vault: Vault, displayName: String, entry: Vault.Entry?,
        _ context: StageContext
    ) -> SourceNote {
        let read = {
            NoteLoading.read(path, from: vault, displayName: displayName) { data in
                context.value(Self.parsed, slot: path, key: ContentKey(displayName, WholeBytes(data))) {
                    NoteLoading.parse(path, bytes: Array(data), displayName: displayName)
                }
            }
        }
        guard let entry else { return read() }
        return context.value(
            Self.settled, slot: path,
            key: ContentKey(displayName, entry.location, entry.identity, entry.stamp),
            make: read)
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
