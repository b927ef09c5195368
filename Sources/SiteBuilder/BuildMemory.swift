public import Foundation
import Synchronization

/// What one build can hand the next in the same process (`notesite serve`): every note as parsed,
/// by its bytes, so a rebuild parses only the notes whose files changed. The result is the same as
/// a fresh build's; only the work is less. Images have the rendition cache on disk for the same end.
public final class BuildMemory: Sendable {
    private struct Entry: Sendable {
        let bytes: Data
        let note: SourceNote
    }

    private let notes = Mutex<[String: Entry]>([:])

    public init() {}

    /// The note parsed from exactly these bytes under this name last time, if any.
    func note(at path: String, displayName: String, bytes: Data) -> SourceNote? {
        notes.withLock { entries in
            guard let entry = entries[path], entry.note.displayName == displayName, entry.bytes == bytes
            else {
                return nil
            }
            return entry.note
        }
    }

    func remember(_ note: SourceNote, bytes: Data) {
        notes.withLock { $0[note.path] = Entry(bytes: bytes, note: note) }
    }

    /// Forgets notes that are gone from the vault.
    func keep(only paths: Set<String>) {
        notes.withLock { entries in entries = entries.filter { paths.contains($0.key) } }
    }

    /// How many notes it holds (for tests).
    public var count: Int { notes.withLock { $0.count } }
}
