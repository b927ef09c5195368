internal import Foundation

/// Removes metadata from a JPEG without touching its image data. Kept: JFIF (APP0), ICC
/// profiles (APP2 `ICC_PROFILE`), Adobe's colour transform flag (APP14) and every table, frame
/// and scan. Dropped: EXIF and XMP (APP1), Photoshop and IPTC (APP13), comments, every other
/// application segment (MPF, JUMBF, maker data), and anything after the end of the image
/// (phones append previews and depth maps there).
enum JPEGContainer {
    /// The same image without metadata; nil if the bytes are not a complete, well-formed JPEG.
    static func strippingMetadata(_ data: Data) -> Data? {
        let bytes = [UInt8](data)
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var output: [UInt8] = [0xFF, 0xD8]
        output.reserveCapacity(bytes.count)
        var offset = 2
        while true {
            // A marker is 0xFF and a code; more 0xFF before it are fill bytes.
            guard offset < bytes.count, bytes[offset] == 0xFF else { return nil }
            while offset + 1 < bytes.count, bytes[offset + 1] == 0xFF { offset += 1 }
            guard offset + 1 < bytes.count else { return nil }
            let marker = bytes[offset + 1]
            offset += 2
            if marker == 0xD9 {
                output += [0xFF, 0xD9]
                return Data(output)
            }
            // Markers without a length: restart markers and TEM.
            if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                output += [0xFF, marker]
                continue
            }
            guard offset + 2 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            guard length >= 2, offset + length <= bytes.count else { return nil }
            let segment = bytes[offset..<offset + length]
            if keeps(marker, payload: segment.dropFirst(2)) {
                output += [0xFF, marker]
                output += segment
            }
            offset += length
            if marker == 0xDA {
                // Start of scan: entropy-coded data follows, up to the next marker.
                let end = endOfEntropyCodedData(bytes, from: offset)
                output += bytes[offset..<end]
                offset = end
            }
        }
    }

    private static func keeps(_ marker: UInt8, payload: ArraySlice<UInt8>) -> Bool {
        switch marker {
        case 0xE0: true
        case 0xE2: payload.starts(with: Array("ICC_PROFILE".utf8) + [0])
        case 0xEE: payload.starts(with: Array("Adobe".utf8))
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: false
        default: true
        }
    }

    /// Where the scan's data ends: the first 0xFF that is not a stuffed 0xFF 0x00, a restart
    /// marker or a fill byte; the end of the bytes when there is none (a truncated file).
    private static func endOfEntropyCodedData(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 0xFF {
                let next = bytes[index + 1]
                if next != 0x00, !(0xD0...0xD7).contains(next), next != 0xFF { return index }
                index += next == 0xFF ? 1 : 2
            } else {
                index += 1
            }
        }
        return bytes.count
    }
}
