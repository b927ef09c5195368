package import Foundation

/// Removes metadata chunks from a WebP. libvips 8.14's webpsave writes an EXIF chunk even with
/// `strip` set (it regenerates EXIF for every saver), so the RIFF container is rewritten without
/// EXIF, XMP and (for notesite's own sRGB encodings) ICC chunks, and the VP8X flags that
/// announce them cleared. A source kept as it is keeps its ICC profile.
package enum WebPContainer {
    static let metadataChunks: Set<String> = ["EXIF", "XMP ", "ICCP"]
    /// VP8X flag bits for an ICC profile, EXIF and XMP.
    static let metadataFlags: UInt8 = 0x20 | 0x08 | 0x04

    /// The same image without metadata chunks; nil if the bytes are not a well-formed WebP.
    package static func strippingMetadata(_ data: Data, keepingColourProfile: Bool = false) -> Data? {
        let dropped = keepingColourProfile ? metadataChunks.subtracting(["ICCP"]) : metadataChunks
        let clearedFlags = keepingColourProfile ? metadataFlags & ~0x20 : metadataFlags
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4] == [0x52, 0x49, 0x46, 0x46],
            bytes[8..<12] == [0x57, 0x45, 0x42, 0x50]
        else { return nil }
        var body: [UInt8] = Array("WEBP".utf8)
        var offset = 12
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return nil }
            let fourCC = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count || (end == bytes.count + 1 && size & 1 == 1) else { return nil }
            var chunk = Array(bytes[offset..<min(end, bytes.count)])
            if fourCC == "VP8X", chunk.count > 8 {
                chunk[8] &= ~clearedFlags
            }
            // With no alpha or animation flag left, the extended header only costs 18 bytes:
            // the simple format (RIFF, then the VP8 or VP8L chunk) says the same.
            let emptyExtendedHeader = fourCC == "VP8X" && chunk.count > 8 && chunk[8] == 0
            if !dropped.contains(fourCC), !emptyExtendedHeader {
                body.append(contentsOf: chunk)
            }
            offset = end
        }
        let riffSize = UInt32(body.count)
        let header: [UInt8] =
            Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: riffSize >> (8 * $0)) }
        return Data(header + body)
    }
}
