import CShims
import CVips
import Foundation

/// Files made to hurt: a gzip stream that libvips's SVG sniffing never finishes reading, and a
/// large (but legal) image that takes a while to decode.
extension TestImage {
    /// A gzip member holding `payload` (stored, not compressed: any valid member will do).
    static func gzipMember(_ payload: [UInt8]) -> [UInt8] {
        precondition(payload.count < 65_536)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        let length = UInt16(payload.count)
        // One final stored deflate block: BFINAL=1, BTYPE=00, then LEN and its complement.
        let block: [UInt8] = [
            1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8),
        ]
        return header + block + payload + littleEndian(crc32(payload)) + littleEndian(UInt32(payload.count))
    }

    /// A gzip-compressed SVG cut to 185 bytes, of the kind that hangs libvips 8.14: a complete
    /// first gzip member (a small SVG) followed by the start of a second. The SVG loader's check
    /// inflates the first member, and then calls inflate forever on the bytes after it.
    static func truncatedSVGZ() -> Data {
        let svg = Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle r="30"/></svg>"#.utf8)
        let bytes = gzipMember(svg) + gzipMember(Array(repeating: svg, count: 4).flatMap { $0 })
        return Data(bytes.prefix(185))
    }

    /// Writes a `width` x `height` PNG of one grey, small on disk but slow to decode (every
    /// pixel still goes through zlib and the PNG filters).
    static func writeLargeFlatPNG(to path: String, width: Int, height: Int) throws {
        try start()
        notesite_vips_gate_shared_enter()  // see TestImage.writeQuadrants
        defer { notesite_vips_gate_shared_leave() }
        let pixel: [UInt8] = [128, 128, 128]
        let tile = pixel.withUnsafeBytes { raw in
            vips_image_new_from_memory_copy(raw.baseAddress, raw.count, 1, 1, 3, VIPS_FORMAT_UCHAR)
        }
        guard let tile else { throw Failure(description: "cannot make a test image") }
        defer { g_object_unref(UnsafeMutableRawPointer(tile)) }
        guard
            notesite_vips_write_replicated_file(tile, Int32(width), Int32(height), path + "[compression=1]")
                == 0
        else {
            throw Failure(description: "cannot write \(path): \(String(cString: vips_error_buffer()))")
        }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// CRC-32 (IEEE 802.3, as gzip and PNG use), bit by bit: test data is small.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
