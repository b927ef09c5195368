internal import CShims
internal import CVips
internal import Foundation

/// Owns one reference to a libvips image and drops it on deinit. It stays inside the task
/// that made it: only Swift values cross tasks. This file is where the pipeline meets libvips's
/// pointers (images, the bytes a loader reads, the buffers an encoder fills); the rest of the
/// pipeline calls the safe functions here.
final class VipsImageRef {
    let pointer: UnsafeMutablePointer<VipsImage>

    init?(_ pointer: UnsafeMutablePointer<VipsImage>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit { g_object_unref(pointer) }

    /// The image a libvips operation makes through its out-parameter (the operation returns 0 on
    /// success); nil when it fails.
    static func made(by operation: (inout UnsafeMutablePointer<VipsImage>?) -> Int32) -> VipsImageRef? {
        var made: UnsafeMutablePointer<VipsImage>?
        guard operation(&made) == 0 else { return nil }
        return VipsImageRef(made)
    }

    /// An image read by `loader` from `bytes`, whose pixels are decoded on demand, top to bottom;
    /// nil on error.
    static func loaded(
        from bytes: VipsSourceBytes, by loader: NotesiteLoader, options: NotesiteLoadOptions
    ) -> VipsImageRef? {
        VipsImageRef(notesite_vips_load_buffer(loader, bytes.base, bytes.count, options))
    }

    /// A social card's SVG (the theme's, never a vault's), drawn by librsvg; nil on error.
    static func svgCard(from bytes: VipsSourceBytes) -> VipsImageRef? {
        made { notesite_vips_svg_card(bytes.base, bytes.count, &$0) }
    }

    /// An 8-bit image of `width` x `height` pixels with `bands` bytes each, copied from `pixels`.
    static func copied(from pixels: [UInt8], width: Int32, height: Int32, bands: Int32) -> VipsImageRef? {
        VipsImageRef(
            vips_image_new_from_memory_copy(pixels, pixels.count, width, height, bands, VIPS_FORMAT_UCHAR))
    }

    /// The bytes a libvips encoder writes into a buffer of its own (`operation` returns 0 on
    /// success), copied out and the buffer freed; nil when it fails.
    static func encoded(by operation: (inout UnsafeMutableRawPointer?, inout Int) -> Int32) -> Data? {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        let status = operation(&buffer, &length)
        defer { g_free(buffer) }
        guard status == 0, let buffer else { return nil }
        return Data(bytes: buffer, count: length)
    }

    /// The bytes of an 8-bit image held in memory (`bands` bytes a pixel, row after row), lent to
    /// `body`; nil for any other image.
    func withPixels<Result>(_ body: (Span<UInt8>) -> Result) -> Result? {
        guard vips_image_get_format(pointer) == VIPS_FORMAT_UCHAR, let data = vips_image_get_data(pointer)
        else {
            return nil
        }
        let count = width * height * bands
        return body(UnsafeRawBufferPointer(start: data, count: count).bindMemory(to: UInt8.self).span)
    }

    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    var pageCount: Int { Int(vips_image_get_n_pages(pointer)) }
    /// Height of one frame of an animation (the whole height otherwise).
    var pageHeight: Int { Int(vips_image_get_page_height(pointer)) }
    /// EXIF orientation 1-8; libvips reads a missing or invalid tag (such as 0) as 1.
    var orientation: Int { Int(vips_image_get_orientation(pointer)) }
}

@available(*, unavailable) extension VipsImageRef: Sendable {}

/// A file's bytes lent to libvips while `lend`'s body runs: a loader reads them in place (no copy
/// of the file), so every image opened from them must be done with before the body returns.
struct VipsSourceBytes {
    fileprivate let base: UnsafeRawPointer
    let count: Int

    /// Calls `body` with `data`'s bytes, or with nil when there are none.
    static func lend<Result>(_ data: Data, _ body: (VipsSourceBytes?) -> Result) -> Result {
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return body(nil) }
            return body(VipsSourceBytes(base: base, count: raw.count))
        }
    }
}

@available(*, unavailable) extension VipsSourceBytes: Sendable {}
