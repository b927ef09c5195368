import Foundation

/// Link previews are split into script files by a hash of the page path, so a page loads only
/// the shard of the link being hovered, never the whole site's previews: `assets/previews/7.js`
/// adds its notes to `window.notesitePreviews[7]`, and `assets/previews/index.js` says how many
/// shards there are (link-preview.js computes the same hash). Every shard is written, empty ones
/// too, so a link to a page without a preview loads a file that exists.
enum PreviewShards {
    static let folder = "assets/previews/"
    /// About this many notes per shard: a few tens of kilobytes, loaded in one go.
    static let notesPerShard = 32
    /// Past this, shards grow instead (about 130,000 notes).
    static let maxShards = 4096

    /// A power of two, so the script can take the hash's low bits.
    static func count(forNotes notes: Int) -> Int {
        var count = 1
        while count * notesPerShard < notes && count < maxShards { count *= 2 }
        return count
    }

    /// 32-bit FNV-1a of the path's UTF-8 bytes, its low bits: the same in Swift and JavaScript.
    static func shard(of pagePath: String, count: Int) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in pagePath.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return Int(hash & UInt32(count - 1))
    }

    /// The index and every shard, entries (one JSON member per page, see ``LinkPreview/json(pagePath:)``)
    /// in page order.
    /// With `memory` (`serve`), a shard whose entries are all unchanged is not joined again.
    static func files(entries: [Entry], memory: BuildMemory? = nil) -> [String: Data] {
        let count = count(forNotes: entries.count)
        var shards = [[Entry]](repeating: [], count: count)
        for entry in entries.sorted(by: { $0.pagePath < $1.pagePath }) {
            shards[shard(of: entry.pagePath, count: count)].append(entry)
        }
        var files = [folder + "index.js": Data("window.notesitePreviewShards=\(count);\n".utf8)]
        for (number, members) in shards.enumerated() {
            let make = {
                var shard = Array("(window.notesitePreviews=window.notesitePreviews||{})[\(number)]={\n".utf8)
                shard.reserveCapacity(members.reduce(shard.count + 4) { $0 + $1.json.count + 2 })
                for (index, member) in members.enumerated() {
                    if index > 0 { shard += ",\n".utf8 }
                    shard += member.json
                }
                shard += "\n};\n".utf8
                return Data(shard)
            }
            files[folder + "\(number).js"] = StageCache.value(
                in: memory?.previewShards, slot: String(number),
                key: ContentKey(combining: members.map(\.key)),
                make: make)
        }
        memory?.previewShards.keepUsed()
        return files
    }

    /// One page's preview: its JSON member and the key of what it was made from.
    struct Entry: Sendable {
        let pagePath: String
        /// UTF-8.
        let json: [UInt8]
        let key: ContentKey
    }
}
