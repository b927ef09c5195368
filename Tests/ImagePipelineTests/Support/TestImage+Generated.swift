import CShims
import CVips
import Foundation

/// Photo-like and screenshot-like test images, for the format policy.
extension TestImage {
    /// Writes `width` x `height` pixels of `bands` bytes given by `pixel(x, y)`.
    static func write(
        to path: String, width: Int, height: Int, bands: Int, pixel: (Int, Int) -> [UInt8]
    ) throws {
        try start()
        notesite_vips_gate_shared_enter()  // see TestImage.writeQuadrants
        defer { notesite_vips_gate_shared_leave() }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * bands)
        for y in 0..<height {
            for x in 0..<width { pixels.append(contentsOf: pixel(x, y)) }
        }
        let image = pixels.withUnsafeBytes { raw in
            vips_image_new_from_memory_copy(
                raw.baseAddress, raw.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_UCHAR)
        }
        guard let image else { throw Failure(description: "cannot make a test image") }
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        guard notesite_vips_write_file(image, path) == 0 else {
            throw Failure(description: "cannot write \(path): \(String(cString: vips_error_buffer()))")
        }
    }

    /// A smooth gradient with sensor-like noise: thousands of colours, few equal neighbours.
    /// With `alpha`, the right half fades out.
    static func writePhoto(to path: String, width: Int = 800, height: Int = 600, alpha: Bool = false) throws {
        var seed: UInt32 = 12345
        func noise() -> Int {
            seed = seed &* 1_103_515_245 &+ 12345
            return Int(seed >> 16 & 15) - 8
        }
        func clamp(_ value: Int) -> UInt8 { UInt8(max(0, min(255, value))) }
        try write(to: path, width: width, height: height, bands: alpha ? 4 : 3) { x, y in
            let base = [40 + 160 * x / width, 60 + 120 * y / height, 180 - 100 * x / width]
            let colour = base.map { clamp($0 + noise()) }
            return alpha
                ? colour + [x < width / 2 ? 255 : clamp(255 - 400 * (x - width / 2) / width)] : colour
        }
    }

    /// A screenshot-like picture: white page, grey "text" lines, a blue bar; few colours.
    /// With `gradient`, a smooth strip adds hundreds of colours (still flat elsewhere).
    /// With `alpha`, the corners are transparent.
    static func writeScreenshot(
        to path: String, width: Int = 900, height: Int = 600, gradient: Bool = false, alpha: Bool = false
    ) throws {
        try write(to: path, width: width, height: height, bands: alpha ? 4 : 3) { x, y in
            var colour: [UInt8] = [255, 255, 255]
            if y < 60 {
                colour = [40, 90, 200]
            } else if gradient, y >= height - 80 {
                let value = UInt8(x * 255 / width)
                colour = [value, UInt8(255 - Int(value)), UInt8((x * 7) % 256)]
            } else if (y / 12) % 2 == 1, x > 40, x < width - 40 - (y * 37 % 200) {
                colour = [60, 60, 60]
            }
            guard alpha else { return colour }
            let corner = (x < 50 || x >= width - 50) && (y < 50 || y >= height - 50)
            return colour + [corner ? 0 : 255]
        }
    }
}

/// Facts about encoded bytes that libvips does not report.
enum EncodedFacts {
    /// The chunk names of a WebP file ("VP8 " lossy, "VP8L" lossless, "ALPH", "ANIM", ...).
    static func webpChunks(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var chunks: [String] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            chunks.append(String(decoding: bytes[offset..<offset + 4], as: UTF8.self))
            let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            offset += 8 + size + (size & 1)
        }
        return chunks
    }

    /// Whether the bytes are an AVIF: an ISO-BMFF `ftyp` box whose major brand is `avif`.
    static func isAVIF(_ data: Data) -> Bool {
        let bytes = [UInt8](data.prefix(12))
        return bytes.count == 12 && bytes[4..<12] == Array("ftypavif".utf8)[...]
    }

    /// A PNG's IHDR colour type: 3 is a palette, 2 truecolour, 6 truecolour with alpha.
    static func pngColourType(_ data: Data) -> Int? {
        let bytes = [UInt8](data)
        return bytes.count > 25 ? Int(bytes[25]) : nil
    }
}
