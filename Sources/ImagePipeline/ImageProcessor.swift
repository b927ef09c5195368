internal import CShims
internal import CVips
internal import Foundation

/// Turns image files into renditions for the page. Safe to call from many tasks at once.
public enum ImageProcessor {
    /// Loads, orients, resizes, strips and encodes one image file.
    ///
    /// The output format follows `settings.format` (see `ImageFormatPolicy`); SVG is inlined
    /// byte for byte. With a `cache`, a rendition made before for the same bytes and settings
    /// is read back instead of encoded (SVG, which is never encoded, is not cached).
    public static func render(
        fileAt path: String, settings: ImageSettings = .init(), cache: RenditionCache? = nil
    ) throws(ImageError) -> ImageRendition {
        let data = try readFile(at: path)
        if let failure = VipsRuntime.startupFailure {
            throw ImageError(path: path, reason: failure)
        }
        let format = try recogniseFormat(of: data, path: path)
        if format == .svg {
            return try renderSVG(data, path: path, settings: settings)
        }
        let job = RasterJob(path: path, data: data, format: format, settings: settings)
        guard let cache else { return try renderRaster(job) }
        let key = RenditionCache.key(source: data, settings: settings)
        if let cached = cache.lookup(key) { return cached }
        let rendition = try renderRaster(job)
        cache.store(rendition, key: key)
        return rendition
    }

    private static func readFile(at path: String) throws(ImageError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImageError(path: path, reason: "file not found")
        }
        guard !isDirectory.boolValue else {
            throw ImageError(path: path, reason: "is a folder, not an image file")
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard !data.isEmpty else { throw ImageError(path: path, reason: "the file is empty") }
            return data
        } catch let error as ImageError {
            throw error
        } catch {
            let detail = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw ImageError(path: path, reason: "cannot read the file (\(detail))")
        }
    }

    /// Recognises the format from the bytes (never the file name), in Swift: anything outside
    /// the allowlist is refused before libvips sees a byte.
    static func recogniseFormat(of data: Data, path: String) throws(ImageError) -> SourceFormat {
        let refused: String
        switch SourceFormat.recognise(bytes: data) {
        case .accepted(.png):
            if let chunk = PNGContainer.overlongAncillaryChunk(in: data) {
                throw ImageError(
                    path: path,
                    reason:
                        "the PNG file is corrupt or truncated: its \(chunk.type) chunk claims \(chunk.length) bytes, "
                        + "more than the \(data.count) the file holds")
            }
            return .png
        case .accepted(let format): return format
        case .refused(let name): refused = " (\(name))"
        case .unknown: refused = ""
        }
        throw ImageError(
            path: path,
            reason: "unsupported image format\(refused); notesite accepts \(SourceFormat.acceptedList)")
    }

    private static func renderSVG(_ data: Data, path: String, settings: ImageSettings) throws(ImageError)
        -> ImageRendition
    {
        guard let svg = SVGDocument(data: data) else {
            throw ImageError(path: path, reason: "not an SVG document: no <svg> root element found")
        }
        let size = svg.intrinsicSize
        let css =
            settings.size?.cssSize(of: size, column: settings.columnWidth)
            ?? size.fittingWidth(settings.columnWidth)
        return ImageRendition(
            data: data, mimeType: "image/svg+xml", pixelWidth: size.width, pixelHeight: size.height,
            cssWidth: css.width, cssHeight: css.height)
    }

    /// Runs the job in parallel with others; if libvips fails, runs it again alone to read
    /// its error messages reliably (see `VipsRuntime`).
    private static func renderRaster(_ job: RasterJob) throws(ImageError) -> ImageRendition {
        // After a large source or an AVIF/HEIC (libheif decodes whole images, small files
        // included), hand the freed decode buffers back.
        defer { if job.format == .heif || job.data.count > 1_000_000 { notesite_release_free_memory() } }
        switch VipsRuntime.shared({ job.result() }) {
        case .success(let rendition): return rendition
        case .failure(.rejected(let error)): throw error
        case .failure(.libvips): return try diagnose(job).get()
        }
    }

    private static func diagnose(_ job: RasterJob) -> Result<ImageRendition, ImageError> {
        VipsRuntime.diagnosing { report in
            switch job.result() {
            case .success(let rendition): return .success(rendition)
            case .failure(.rejected(let error)): return .failure(error)
            case .failure(.libvips(let failure)):
                let detail = report()
                let suffix = detail.isEmpty ? "" : " (libvips: \(detail))"
                return .failure(ImageError(path: job.path, reason: failure.step + suffix))
            }
        }
    }
}
