internal import CShims
internal import CVips

/// Owns one reference to a libvips image and drops it on deinit. It stays inside the task
/// that made it: only Swift values cross tasks.
final class VipsImageRef {
    let pointer: UnsafeMutablePointer<VipsImage>

    init?(_ pointer: UnsafeMutablePointer<VipsImage>?) {
        guard let pointer else { return nil }
        self.pointer = pointer
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The image a libvips operation makes through its out-parameter (the operation returns 0 on
    /// success); nil when it fails.
    static func made(by operation: (inout UnsafeMutablePointer<VipsImage>?) -> Int32) -> VipsImageRef? {
        var made: UnsafeMutablePointer<VipsImage>?
        guard operation(&made) == 0 else { return nil }
        return VipsImageRef(made)
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
