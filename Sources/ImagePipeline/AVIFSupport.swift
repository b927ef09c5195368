internal import CShims
internal import CVips

/// Whether this libvips can encode AVIF. libheif needs an AV1 encoder: Debian 12's libheif 1.15
/// has libaom built in, later ones load it as a plugin (`libheif-plugin-aomenc`) that may be
/// missing. Without one, `auto` encodes photos as lossy WebP (see `OutputFormat.choose`) and a
/// forced `avif` fails with libheif's own message. Asked once per process, without the
/// `VipsRuntime` gate (a job may already hold it); a failed probe only leaves a message in the
/// error buffer, which every diagnosis clears first.
enum AVIFSupport {
    static let canEncode: Bool = probe()

    private static func probe() -> Bool {
        guard VipsRuntime.startupFailure == nil else { return false }
        let side: Int32 = 16
        let pixels = [UInt8](repeating: 128, count: Int(side * side * 3))
        guard let image = VipsImageRef.copied(from: pixels, width: side, height: side, bands: 3) else {
            return false
        }
        let encoded = VipsImageRef.encoded { notesite_vips_save_avif(image.pointer, 50, &$0, &$1) }
        return encoded.map { !$0.isEmpty } ?? false
    }
}
