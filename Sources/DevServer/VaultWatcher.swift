import Foundation
import Glibc
import SiteBuilder
import Synchronization

/// Watches a vault with inotify: every folder (new ones too) except hidden ones, the excluded
/// ones and those the `exclude` setting leaves out of the site, and calls `onChange` once a burst of events has been quiet for `quietPeriod` (shorter after
/// an event that usually ends a save), because editors save as several steps (write a temporary
/// file, rename it over the note). Like the build, it stays inside the vault's real path: a symlink
/// to a folder outside is not watched, and a folder reached twice (a loop) is watched once. A change
/// in a file the `exclude` setting leaves out starts no rebuild; a change of `notesite.yml` reloads
/// the setting (and watches the folders it no longer leaves out).
final class VaultWatcher: Sendable {
    private let descriptor: Int32
    private let root: String
    private let boundary: VaultBoundary
    private let excluded: Set<String>
    /// The `exclude` setting as of the last change of `notesite.yml`.
    private let exclusions: Mutex<VaultExclusions>
    private let quietPeriod: Duration
    private let onChange: @Sendable () -> Void
    /// Told which files each batch of events touched, before `onChange` is called for them.
    private let onTouch: @Sendable (VaultChanges) -> Void
    private let stopped = Atomic<Bool>(false)

    /// Events that mean a file or folder in the vault changed.
    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
            | IN_MOVE_SELF)
    /// However busy the folder, a build starts at least this often.
    private static let longestDelay = Duration.seconds(1)
    /// The quiet wait after an event that usually ends a save (a file closed after writing, or renamed
    /// into place). Should the save go on after it, the build after the next event makes it right.
    private static let afterSave = Duration.milliseconds(10)

    init(
        root: URL, excluding excluded: [URL], quietPeriod: Duration,
        onTouch: @escaping @Sendable (VaultChanges) -> Void = { _ in },
        onChange: @escaping @Sendable () -> Void
    ) throws(ServeError) {
        guard let boundary = VaultBoundary(root: root) else {
            throw .cannotWatch(path: root.path, reason: "no such folder")
        }
        self.boundary = boundary
        self.root = boundary.realRoot
        // Watched folders are real paths, so the excluded ones are compared by real path too.
        var excludedPaths = Set(excluded.map { $0.standardizedFileURL.path })
        for url in excluded {
            if let real = boundary.folderInside(url.path) { excludedPaths.insert(real) }
        }
        self.excluded = excludedPaths
        exclusions = Mutex(VaultExclusions.load(vault: root))
        self.quietPeriod = quietPeriod
        self.onChange = onChange
        self.onTouch = onTouch
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else {
            throw .cannotWatch(path: self.root, reason: String(cString: strerror(errno)))
        }
    }

    /// Adds the watches (so changes made after `start` returns are seen), then reads on a thread.
    /// Returns the folders that could not be watched, each with the reason.
    func start() throws(ServeError) -> [String] {
        var folders: [Int32: String] = [:]
        let problems: [String]
        do {
            problems = try addTree(root, to: &folders)
        } catch {
            close(descriptor)
            throw error
        }
        let watching = folders
        let thread = Thread { [self] in run(folders: watching) }
        thread.name = "notesite-watcher"
        thread.start()
        return problems
    }

    /// The thread notices within 100 ms, then closes the inotify descriptor.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    private func run(folders start: [Int32: String]) {
        var folders = start
        let clock = ContinuousClock()
        var firstEvent: ContinuousClock.Instant?
        var lastEvent = clock.now
        var saved = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer { close(descriptor) }
        while !stopped.load(ordering: .acquiring) {
            var timeout: Int32 = 100
            if let started = firstEvent {
                let quiet = saved ? min(quietPeriod, Self.afterSave) : quietPeriod
                let due = min(lastEvent + quiet, started + Self.longestDelay)
                let now = clock.now
                if now >= due {
                    onChange()
                    firstEvent = nil
                    continue
                }
                timeout = Int32(max(1, min(100, (due - now).milliseconds)))
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeout) > 0 else { continue }
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { continue }
            if let activity = handle(buffer, count: count, folders: &folders) {
                saved = activity == .saved
                lastEvent = clock.now
                if firstEvent == nil { firstEvent = lastEvent }
            }
        }
    }

    private enum Activity {
        /// The last change usually ends a save.
        case saved
        case changing
    }

    /// The fixed part of the event at `offset` (watch, mask, cookie, name length: four 32-bit
    /// words in the machine's order), read from the bytes.
    private static func event(in buffer: [UInt8], at offset: Int) -> inotify_event {
        func word(_ index: Int) -> UInt32 {
            let start = offset + 4 * index
            let value = buffer[start..<start + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
            return UInt32(littleEndian: value)
        }
        var event = inotify_event()
        event.wd = Int32(bitPattern: word(0))
        (event.mask, event.cookie, event.len) = (word(1), word(2), word(3))
        return event
    }

    /// Reads the events in `buffer`; nil when none of them is a change to the vault.
    private func handle(_ buffer: [UInt8], count: Int, folders: inout [Int32: String]) -> Activity? {
        var activity: Activity?
        var touched = VaultChanges()
        defer { if touched != VaultChanges() { onTouch(touched) } }
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let event = Self.event(in: buffer, at: offset)
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + Int(event.len))]
            let rawName = nameBytes.prefix { $0 != 0 }
            let name = String(decoding: rawName, as: UTF8.self)
            offset += header + Int(event.len)
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                activity = .changing
                touched.touchAnything()
                continue
            }
            if event.mask & UInt32(IN_IGNORED) != 0 {
                folders[event.wd] = nil
                continue
            }
            guard let folder = folders[event.wd] else { continue }
            // Hidden files are editor swap files, caches and version control: never part of the site.
            if name.hasPrefix(".") { continue }
            let path = name.isEmpty ? folder : folder + "/" + name
            if excluded.contains(path) { continue }
            let isFolder = event.mask & UInt32(IN_ISDIR) != 0
            if path == root + "/" + SiteConfiguration.fileName {
                exclusions.withLock { $0 = VaultExclusions.load(vault: URL(fileURLWithPath: root)) }
                _ = try? addTree(root, to: &folders, again: true)
            } else if isExcludedBySetting(path, isFolder: isFolder) {
                continue
            }
            // A new folder, or a new symlink to one (inside the vault only), is watched from now on.
            if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let real = boundary.folderInside(path),
                !excluded.contains(real)
            {
                _ = try? addTree(real, to: &folders)
            }
            if event.mask & Self.mask != 0 {
                let ending = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)
                activity = !isFolder && event.mask & ending != 0 ? .saved : .changing
                // A file is looked at again by name; a folder, or a name that is not UTF-8, by a walk.
                let isFile = !isFolder && !name.isEmpty && String(validating: rawName, as: UTF8.self) != nil
                if isFile && event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) == 0
                    && path != root + "/" + SiteConfiguration.fileName
                {
                    touched.touch(path)
                } else {
                    touched.touchAnything()
                }
            }
        }
        return activity
    }

    /// Whether the `exclude` setting leaves out `path` (a real path inside the vault).
    private func isExcludedBySetting(_ path: String, isFolder: Bool) -> Bool {
        guard path.hasPrefix(root + "/") else { return false }
        let relative = String(path.dropFirst(root.count + 1))
        return exclusions.withLock { $0.excludes(relative, isFolder: isFolder) }
    }

    /// Watches `path` (a real path) and every folder under it that is neither hidden nor excluded,
    /// following symlinks only to folders inside the vault. `again` walks below folders watched
    /// already too (after the `exclude` setting changed), each once.
    private func addTree(
        _ path: String, to folders: inout [Int32: String], again: Bool = false
    ) throws(ServeError) -> [String] {
        var pending = [path]
        var problems: [String] = []
        var walked: Set<Int32> = []
        while let folder = pending.popLast() {
            let watch = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_ONLYDIR))
            guard watch >= 0 else {
                let code = errno
                var reason = String(cString: strerror(code))
                if code == ENOSPC { reason += " (too many folders: raise fs.inotify.max_user_watches)" }
                if folder == root { throw .cannotWatch(path: folder, reason: reason) }
                problems.append("\(folder): \(reason)")
                continue
            }
            // inotify gives one watch per inode: a folder watched already (a loop) is not walked again.
            guard again ? walked.insert(watch).inserted : folders[watch] == nil else { continue }
            folders[watch] = folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where !name.hasPrefix(".") {
                let child = folder + "/" + name
                if !excluded.contains(child), let real = boundary.folderInside(child),
                    !excluded.contains(real), !isExcludedBySetting(real, isFolder: true)
                {
                    pending.append(real)
                }
            }
        }
        return problems
    }
}

extension Duration {
    /// Whole milliseconds, rounded down.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
