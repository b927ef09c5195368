import Foundation
import Synchronization

/// One build's staging folder beside the output (``OutputFolder``), open for the whole build: in a
/// cold `notesite build` Pages writes each page into it as soon as the page is made, so the build
/// never holds every page at once (a third of its memory did); Write then adds the rest of the
/// site and swaps it in. Until the swap the output is untouched, and a build that fails (an
/// error under `--strict`, a theme that does not compile, a write that fails) is thrown away whole.
final class StagingWriter: Sendable {
    let folder: OutputFolder
    private let state: Mutex<State>

    private struct State {
        /// Folders made so far under the staging folder ("" is the staging folder itself).
        var folders: Set<String> = [""]
        /// The files written so far.
        var written: Set<String> = []
        /// The first failure (start or write): the build goes on, nothing is swapped in.
        var failure: String?
        var closed = false
    }

    /// Starts an empty staging folder for `output`; a failure is reported when the site is written.
    init(output: URL, jobs: Int) {
        folder = OutputFolder(target: output)
        var state = State()
        do {
            try folder.start(jobs: jobs)
        } catch {
            state.failure = "\(error)"
        }
        self.state = Mutex(state)
    }

    /// Writes one file into the staging folder now; a failure is kept for ``finish(_:jobs:)``.
    /// Called from many tasks at once, each with its own path.
    func write(_ data: Data, to path: String) {
        data.withUnsafeBytes { write(bytes: $0, to: path) }
    }

    /// ``write(_:to:)`` from bytes in memory.
    func write(bytes: UnsafeRawBufferPointer, to path: String) {
        let ready: Bool = state.withLock { state in
            guard state.failure == nil, !state.closed else { return false }
            do {
                // Folders are made under the lock, so no file is written into one not made yet.
                try makeFolders(above: path, &state.folders)
                return true
            } catch {
                state.failure = "\(error)"
                return false
            }
        }
        guard ready else { return }
        do {
            try folder.write(bytes: bytes, to: path)
            state.withLock { _ = $0.written.insert(path) }
        } catch {
            state.withLock { $0.failure = $0.failure ?? "\(error)" }
        }
    }

    /// Writes what was not written yet and swaps the staging folder in; on any failure (now or
    /// while pages were written) throws it away and throws, and the output stays as it was.
    func finish(_ site: SiteFiles, jobs: Int) throws {
        let (written, failure) = state.withLock { state in
            state.closed = true
            return (state.written, state.failure)
        }
        do {
            if let failure { throw OutputFolder.Problem.cannotWrite(failure) }
            let rest = site.files.filter { !($0.value.isEmpty && written.contains($0.key)) }
            try folder.stage(rest, jobs: jobs, replacing: written)
            try folder.commit(jobs: jobs)
        } catch {
            folder.abandon()
            throw error
        }
    }

    /// Throws the staging folder away: the build failed, the output stays as it was.
    func abandon() {
        state.withLock { $0.closed = true }
        folder.abandon()
    }

    private func makeFolders(above path: String, _ made: inout Set<String>) throws {
        // Most pages share their folder with a page written before them.
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if made.contains(folder) { return }
        let parts = path.split(separator: "/").dropLast()
        for depth in parts.indices {
            let parent = parts[...depth].joined(separator: "/")
            guard !made.contains(parent) else { continue }
            try OutputFolder.makeFolder(self.folder.stagingPath + "/" + parent)
            made.insert(parent)
        }
    }
}
