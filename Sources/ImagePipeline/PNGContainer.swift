internal import Foundation

/// Removes metadata chunks from a PNG without touching its image data: text (`tEXt`, `zTXt`,
/// `iTXt`, where XMP lives), EXIF (`eXIf`) and the modification time (`tIME`), and anything after
/// `IEND`. Colour chunks (`iCCP`, `sRGB`, `gAMA`, `cHRM`) and animation chunks stay.
enum PNGContainer {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    static let metadataChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]

    /// The same image without metadata chunks; nil if the bytes are not a complete PNG.
    static func strippingMetadata(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: signature) else { return nil }
        var output = signature
        output.reserveCapacity(bytes.count)
        var offset = signature.count
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            // Length, type, data and CRC.
            let end = offset + 12 + length
            guard length <= Int(Int32.max), end <= bytes.count else { return nil }
            if !metadataChunks.contains(type) {
                output += bytes[offset..<end]
            }
            if type == "IEND" { return Data(output) }
            offset = end
        }
        return nil
    }

    /// The first ancillary chunk (text, colour profile, EXIF, any lower-case type) whose stated
    /// length runs past the end of `data`, with that length; nil when there is none. libpng
    /// allocates such a chunk's stated length before reading it, so a damaged 720-byte file asked
    /// for 1.7 GB (found by the image fuzzer). Image data (`IDAT`) is read as it comes: a file cut
    /// short inside it is left to the decoder.
    static func overlongAncillaryChunk(in data: Data) -> (type: String, length: Int)? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: signature) else { return nil }
        var offset = signature.count
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[offset + 4..<offset + 8]
            if type.elementsEqual("IEND".utf8) { return nil }
            // Length, type, data and CRC.
            let end = offset + 12 + length
            if end > bytes.count {
                // Bit 5 of the first letter: lower case marks an ancillary chunk.
                let isAncillary = type.first.map { $0 & 0x20 != 0 } ?? false
                return isAncillary ? (String(decoding: type, as: UTF8.self), length) : nil
            }
            offset = end
        }
        return nil
    }
}
