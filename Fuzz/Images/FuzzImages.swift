import Foundation
import FuzzSupport
import ImagePipeline

/// Image bytes through format recognition, the header read and (when accepted) a small rendition:
/// an error or a rendition, never a crash or a hang. The SVG and WebP container readers, which
/// are notesite's own code, run on every input too.
enum ImagesTarget {
    /// One file per process, rewritten for each input (the public API reads files).
    static let path: String = {
        let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return "\(folder)/notesite-fuzz-image-\(getpid())"
    }()

    static func run(_ bytes: [UInt8]) {
        let data = Data(bytes)
        _ = SVGDocument(data: data)?.intrinsicSize
        _ = SVGDocument.looksLikeSVG(data)
        if let stripped = WebPContainer.strippingMetadata(data) {
            FuzzReplay.check(
                WebPContainer.strippingMetadata(stripped) == stripped, "WebP stripping is not stable")
        }
        // Formats are recognised from magic bytes (`SourceFormat.recognise`), so gzip data such as a
        // truncated .svgz is refused by name and never reaches libvips's sniffing, which hung on it.
        if bytes.starts(with: [0x1F, 0x8B]) {
            guard case .refused = SourceFormat.recognise(bytes: data) else {
                FuzzReplay.check(false, "gzip data not refused")
                return
            }
        }
        guard FileManager.default.createFile(atPath: path, contents: data) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Small limits keep each input fast; the length picks the output format.
        let formats: [ImageFormatPolicy] = [.auto, .jpeg, .png, .original]
        let settings = ImageSettings(
            maxPixelWidth: 64, columnWidth: 32, maxInputPixels: 4_000_000,
            format: formats[bytes.count % formats.count])
        guard let rendition = try? ImageProcessor.render(fileAt: path, settings: settings) else { return }
        FuzzReplay.check(!rendition.data.isEmpty, "an empty rendition")
        FuzzReplay.check(
            rendition.pixelWidth > 0 && rendition.pixelHeight > 0 && rendition.cssWidth > 0
                && rendition.cssHeight > 0,
            "a rendition without a size: \(rendition.pixelWidth)x\(rendition.pixelHeight)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    ImagesTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if !FUZZING
    @main enum Replay {
        static func main() { FuzzReplay.main(ImagesTarget.run) }
    }
#endif
