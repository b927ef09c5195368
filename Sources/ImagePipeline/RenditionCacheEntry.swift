internal import ContentDigest
internal import Foundation

/// One cache entry on disk: a header line, then the encoded image.
///
///     notesite-rendition 1 <mime> <pixel w> <pixel h> <css w> <css h> <length> <sha-256>\n<bytes>
///
/// The length and checksum of the bytes are checked on every read, so a truncated or garbled
/// entry is never served.
enum RenditionCacheEntry {
    static let magic = "notesite-rendition"

    static func encode(_ rendition: ImageRendition) -> Data {
        let fields = [
            magic, String(RenditionCache.formatVersion), rendition.mimeType,
            String(rendition.pixelWidth), String(rendition.pixelHeight),
            String(rendition.cssWidth), String(rendition.cssHeight),
            String(rendition.data.count), SHA256.hex(rendition.data),
        ]
        return Data((fields.joined(separator: " ") + "\n").utf8) + rendition.data
    }

    /// The rendition, or nil when anything is off.
    static func decode(_ entry: Data) -> ImageRendition? {
        guard let newline = entry.prefix(400).firstIndex(of: 0x0A) else { return nil }
        let fields = String(decoding: entry[entry.startIndex..<newline], as: UTF8.self)
            .split(separator: " ").map(String.init)
        guard fields.count == 9, fields[0] == magic, fields[1] == String(RenditionCache.formatVersion),
            fields[2].hasPrefix("image/")
        else { return nil }
        let numbers = fields[3...7].compactMap { Int($0) }
        guard numbers.count == 5, numbers.prefix(4).allSatisfy({ $0 > 0 }), numbers[4] >= 0 else {
            return nil
        }
        let payload = Data(entry[entry.index(after: newline)...])
        guard payload.count == numbers[4], SHA256.hex(payload) == fields[8] else { return nil }
        return ImageRendition(
            data: payload, mimeType: fields[2], pixelWidth: numbers[0], pixelHeight: numbers[1],
            cssWidth: numbers[2], cssHeight: numbers[3])
    }
}
