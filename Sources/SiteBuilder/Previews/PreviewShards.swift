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

    /// `assets/previews/index.js`: how many shards there are.
    static func index(forNotes notes: Int) -> Data {
        Data("window.notesitePreviewShards=\(count(forNotes: notes));\n".utf8)
    }

    /// The entries of each shard (``count(forNotes:)`` of them, empty ones too), in page order.
    static func shards(of entries: [Entry]) -> [[Entry]] {
        let count = count(forNotes: entries.count)
        var shards = [[Entry]](repeating: [], count: count)
        for entry in entries.sorted(by: { $0.pagePath < $1.pagePath }) {
            shards[shard(of: entry.pagePath, count: count)].append(entry)
        }
        return shards
    }

    /// Shard `number`'s file: one JSON member per page (see ``LinkPreview/json(pagePath:)``).
    static func file(_ number: Int, _ members: [Entry]) -> Data {
        var shard = Array("(window.notesitePreviews=window.notesitePreviews||{})[\(number)]={\n".utf8)
        shard.reserveCapacity(members.reduce(shard.count + 4) { $0 + $1.json.count + 2 })
        for (index, member) in members.enumerated() {
            if index > 0 { shard += ",\n".utf8 }
            shard += member.json
        }
        shard += "\n};\n".utf8
        return Data(shard)
    }

    /// One page's preview: its JSON member and the key of what it was made from (`serve` only).
    struct Entry: Sendable {
        let pagePath: String
        /// UTF-8.
        let json: [UInt8]
        let key: ContentKey?
    }
}
