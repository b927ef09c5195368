import Foundation
import Synchronization

/// One build's staging folder beside the output (``OutputFolder``), open for the whole build: in a
/// cold `notesite build` Pages writes each page into it as soon as the page is made, so the build
/// never holds every page at once (a third of its memory did); Write then adds the rest of the
/// site and puts it in place. Until then the output is untouched, and a build that fails (an
/// error under `--strict`, a theme that does not compile, a write that fails) is thrown away whole.
///
/// An output that holds only files and folders (``OutputContents``) is updated in place: a file
/// whose bytes are already there is left alone, and only changed files are staged and moved in.
/// A rebuild of an unchanged vault then writes nothing; making and deleting a whole tree of
/// folders and links each time was a tenth of the build. Any other output is replaced whole.
final class StagingWriter: Sendable {
    let folder: OutputFolder
    /// The output's files and folders when it is updated in place, else nil.
    let existing: OutputContents?
    private let state: Mutex<State>

    private struct State {
        /// Folders made so far under the staging folder ("" is the staging folder itself).
        var folders: Set<String> = [""]
        /// The files written so far into the staging folder.
        var written: Set<String> = []
        /// The files that the output already holds with the same bytes (updated in place only).
        var kept: Set<String> = []
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
        existing = OutputContents.read(folder.targetPath)
        self.state = Mutex(state)
    }

    /// Writes one file into the staging folder now; a failure is kept for ``finish(_:jobs:)``.
    /// Called from many tasks at once, each with its own path.
    func write(_ data: Data, to path: String) {
        write(bytes: data.bytes, to: path)
    }

    /// ``write(_:to:)`` from bytes in memory.
    func write(bytes: RawSpan, to path: String) {
        if let existing, existing.files.contains(path), folder.holds(path, exactly: bytes) {
            // A copy staged before with other bytes (a listing takes a note's page) stays out.
            state.withLock { state in
                state.kept.insert(path)
                state.written.remove(path)
            }
            return
        }
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
            if existing == nil {
                try folder.write(bytes: bytes, to: path)
            } else {
                // No link into the output: the staged file replaces its old self.
                try OutputFolder.writeFile(bytes, to: folder.stagingPath + "/" + path)
            }
            state.withLock {
                $0.kept.remove(path)
                $0.written.insert(path)
            }
        } catch {
            state.withLock { $0.failure = $0.failure ?? "\(error)" }
        }
    }

    /// Writes the site's files (its staged pages are written already) and swaps the staging folder in; on any failure (now or
    /// while pages were written) throws it away and throws, and the output stays as it was.
    func finish(_ site: SiteFiles, jobs: Int) throws {
        if let existing {
            try update(existing, to: site, jobs: jobs)
            return
        }
        let (written, failure) = state.withLock { state in
            state.closed = true
            return (state.written, state.failure)
        }
        do {
            if let failure { throw OutputFolder.Problem.cannotWrite(failure) }
            // The staged pages are in the folder already; `site.files` holds the rest.
            try folder.stage(site.files, jobs: jobs, replacing: written)
            try folder.commit(jobs: jobs)
        } catch {
            folder.abandon()
            throw error
        }
    }

    /// ``finish(_:jobs:)`` for an output updated in place: the rest of the site compared and staged
    /// as the pages were, then the changed files moved in.
    private func update(_ existing: OutputContents, to site: SiteFiles, jobs: Int) throws {
        let rest = site.files.sorted { $0.key < $1.key }
        let workers = max(1, min(jobs, rest.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: rest.count, by: workers) {
                write(rest[index].value, to: rest[index].key)
            }
        }
        let (written, failure) = state.withLock { state in
            state.closed = true
            return (state.written, state.failure)
        }
        do {
            if let failure { throw OutputFolder.Problem.cannotWrite(failure) }
            // The marker goes in with the first update of a folder that `--force` let notesite replace.
            let marker = existing.files.contains(OutputFolder.marker) ? [] : [OutputFolder.marker]
            try folder.update(
                existing, to: Set(site.files.keys).union(site.staged).union([OutputFolder.marker]),
                changed: written.sorted() + marker)
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
        let folder = FolderPaths.folder(of: path).map(String.init) ?? ""
        if made.contains(folder) { return }
        var parent = ""
        for part in FolderNames.above(path) {
            parent = parent.isEmpty ? part : parent + "/" + part
            guard !made.contains(parent) else { continue }
            try OutputFolder.makeFolder(self.folder.stagingPath + "/" + parent)
            made.insert(parent)
        }
    }
}
