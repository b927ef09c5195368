internal import CShims

/// The per-image time limit (the `image_timeout` setting): libvips reports progress while it
/// computes pixels, and once the deadline has passed the next report kills the computation, so
/// a decode that would run for minutes fails instead. Work between reports (one encoder call,
/// one tile) is not interrupted: the limit is loose by that much.
final class VipsDeadline {
    private let pointer: OpaquePointer

    /// A deadline `seconds` from now.
    init(seconds: Double) {
        pointer = notesite_deadline_new(seconds)
    }

    deinit { notesite_deadline_release(pointer) }

    /// Watches `image` and every image later computed from it. Call before building on it.
    func watch(_ image: VipsImageRef) {
        notesite_deadline_watch(pointer, image.pointer)
    }

    /// Whether the deadline has passed (or killed a computation).
    var hasExpired: Bool { notesite_deadline_expired(pointer) != 0 }
}

@available(*, unavailable) extension VipsDeadline: Sendable {}
