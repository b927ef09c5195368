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
