public import Foundation

extension RenditionCache {
    /// The rendition stored under `key`, if it is there and intact; a damaged one is deleted.
    /// An entry that is a symlink or otherwise not this cache's own file is never read (see
    /// `readEntry`): a miss, replaced by the next store.
    func lookup(_ key: String) -> ImageRendition? {
        let data: Data
        switch readEntry(key) {
        case .missing: return nil
        case .foreign:
            count { $0.foreign += 1 }
            return nil
        case .found(let bytes): data = bytes
        }
        guard let rendition = RenditionCacheEntry.decode(data) else {
            try? FileManager.default.removeItem(at: entryURL(for: key))
            count { $0.damaged += 1 }
            return nil
        }
        count { $0.hits += 1 }
        return rendition
    }

    /// Stores a fresh rendition: written beside its place, then renamed over it in one step.
    func store(_ rendition: ImageRendition, key: String) {
        count { $0.encodes += 1 }
        let url = entryURL(for: key)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(key).\(UUID().uuidString).tmp")
        do {
            try prepareShard(directory)
            try writeTag()
            try RenditionCacheEntry.encode(rendition).write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            count { $0.writeFailures += 1 }
        }
    }

    /// Deletes entries no build has used for `age` (and temporary files left by a killed build);
    /// returns how many files went.
    @discardableResult
    public func prune(unusedFor age: TimeInterval) -> Int {
        let cutoff = Date().addingTimeInterval(-age)
        var removed = 0
        for url in cacheFiles() {
            let modified =
                (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?
                .contentModificationDate ?? .distantPast
            let stale =
                url.lastPathComponent.hasSuffix(".tmp")
                ? modified < Date().addingTimeInterval(-3600)
                : modified < cutoff
            if stale, (try? FileManager.default.removeItem(at: url)) != nil { removed += 1 }
        }
        return removed
    }

    /// Deletes every entry and the folder itself (`notesite clean --cache`). Only files this
    /// cache wrote are touched, so a folder set by mistake to something else loses nothing else.
    public func removeAll() {
        for url in cacheFiles() { try? FileManager.default.removeItem(at: url) }
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where Self.isShard(name) {
            let shard = folder.appendingPathComponent(name)
            if Self.isRealFolder(shard),
                (try? manager.contentsOfDirectory(atPath: shard.path))?.isEmpty == true
            {
                try? manager.removeItem(at: shard)
            }
        }
        try? manager.removeItem(at: folder.appendingPathComponent(Self.tagName))
        if (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
            try? manager.removeItem(at: folder)
        }
    }

    /// Entry and temporary files in the shard folders.
    private func cacheFiles() -> [URL] {
        let manager = FileManager.default
        var files: [URL] = []
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where Self.isShard(name) {
            let shard = folder.appendingPathComponent(name, isDirectory: true)
            // A shard that is a symlink leads outside the cache: nothing there is this cache's.
            guard Self.isRealFolder(shard) else { continue }
            for file in (try? manager.contentsOfDirectory(atPath: shard.path)) ?? []
            where file.hasSuffix(".rendition") || file.hasSuffix(".tmp") {
                files.append(shard.appendingPathComponent(file))
            }
        }
        return files
    }

    private static func isShard(_ name: String) -> Bool {
        name.count == 2 && name.allSatisfy(\.isHexDigit)
    }

    /// The standard cache-folder tag (bford.info/cachedir), so backup tools skip the folder.
    static let tagName = "CACHEDIR.TAG"

    private func writeTag() throws {
        let url = folder.appendingPathComponent(Self.tagName)
        guard !FileManager.default.fileExists(atPath: url.path) else { return }
        let text =
            "Signature: 8a477f597d28d172789f06886806bc55\n# notesite image renditions; safe to delete.\n"
        try Data(text.utf8).write(to: url, options: .atomic)
    }
}
