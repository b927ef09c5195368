import CShims
import Foundation
import ImagePipeline
import Testing

/// Formats are recognised from magic bytes in Swift; libvips only ever sees bytes through the
/// one loader for their format, and every other loader is blocked.
@Suite struct FormatRecognitionTests {
    static func recognise(_ bytes: [UInt8]) -> SourceFormat.Recognition {
        SourceFormat.recognise(bytes: Data(bytes))
    }

    static let magicBytes: [([UInt8], SourceFormat)] = [
        ([0xFF, 0xD8, 0xFF, 0xE0], SourceFormat.jpeg),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .png),
        (Array("GIF89a".utf8) + [1, 0], .gif),
        (Array("GIF87a".utf8) + [1, 0], .gif),
        (Array("RIFF".utf8) + [0, 1, 0, 0] + Array("WEBPVP8 ".utf8), .webp),
        ([0x49, 0x49, 0x2A, 0, 8, 0, 0, 0], .tiff),
        ([0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8], .tiff),
        ([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0], .heif),
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], .heif),
        (Array("<?xml version=\"1.0\"?>\n<svg width=\"10\"/>".utf8), .svg),
    ]

    @Test(arguments: magicBytes)
    func magicBytesGiveTheFormat(_ bytes: [UInt8], _ format: SourceFormat) {
        #expect(Self.recognise(bytes) == .accepted(format))
    }

    static let refusedBytes: [([UInt8], String)] = [
        (Array("BM".utf8) + [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0], "BMP"),
        ([0, 0, 1, 0, 1, 0, 16, 16], "ICO"),
        (Array("%PDF-1.7\n".utf8), "PDF"),
        (Array("8BPS".utf8) + [0, 1], "Photoshop PSD"),
        ([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A], "JPEG XL"),
        (Array("P6\n3 2\n255\n".utf8), "PPM"),
        ([0x1F, 0x8B, 8, 0, 0, 0, 0, 0], "gzip"),
        ([0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0], "'mp42'"),
    ]

    @Test(arguments: refusedBytes)
    func knownFormatsAreRefusedByName(_ bytes: [UInt8], _ name: String) {
        guard case .refused(let refused) = Self.recognise(bytes) else {
            Issue.record("\(name) was not refused: \(Self.recognise(bytes))")
            return
        }
        #expect(refused.contains(name))
    }

    /// Short, empty and random inputs get an answer, never a crash.
    @Test func anyBytesGetAnAnswer() {
        #expect(Self.recognise([]) == .unknown)
        #expect(Self.recognise([0xFF]) == .unknown)
        #expect(Self.recognise(Array("RIFF".utf8)) == .unknown)
        #expect(Self.recognise(Array("just some words".utf8)) == .unknown)
        var seed: UInt64 = 7
        for length in 0..<300 {
            let bytes = (0..<length).map { _ -> UInt8 in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1
                return UInt8(truncatingIfNeeded: seed >> 33)
            }
            _ = Self.recognise(bytes)
        }
    }

    /// Every readable image of the shared corpus is recognised as what libvips says it is.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpusFilesAreRecognised() throws {
        let expected: [String: SourceFormat.Recognition] = [
            "odd/sample.tif": .accepted(.tiff), "odd/pitm.avif": .accepted(.heif),
            "odd/cogs.gif": .accepted(.gif), "odd/looks-like-svg.webp": .accepted(.webp),
            "odd/indexed.png": .accepted(.png), "odd/logo.svg": .accepted(.svg),
            "odd/truncated.jpg": .accepted(.jpeg), "odd/favicon.ico": .refused("ICO"),
            "odd/small.bmp": .refused("BMP"), "odd/LICENSE.sharp": .unknown,
        ]
        for (file, recognition) in expected {
            let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(file)))
            #expect(SourceFormat.recognise(bytes: data) == recognition, "\(file)")
        }
    }

    /// The 185-byte truncated `.svgz` that libvips 8.14's sniffing never returns from fails at
    /// once with a clear message (checked on a thread, so a regression fails instead of hanging).
    @Test func truncatedSVGZFailsFast() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("drawing.svgz")
        try TestImage.truncatedSVGZ().write(to: URL(fileURLWithPath: path))
        #expect(TestImage.truncatedSVGZ().count == 185)
        let started = ContinuousClock.now
        let outcome = Outcome()
        let thread = Thread {
            do {
                _ = try ImageProcessor.render(fileAt: path)
                outcome.finish(nil)
            } catch {
                outcome.finish(error)
            }
        }
        thread.start()
        guard let error = outcome.wait(seconds: 20) else {
            Issue.record("rendering the truncated .svgz did not finish (or did not fail) in 20 s")
            return
        }
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(error.reason.contains("unsupported image format (gzip-compressed data"), "\(error)")
        #expect(error.reason.contains("save the SVG uncompressed"))
    }

    /// Loaders and savers notesite does not call are blocked inside libvips too. The SVG loader from
    /// memory draws the theme's social card (a vault's SVG never reaches libvips); from a file or
    /// a source it stays blocked.
    @Test(arguments: [
        ("magickload_buffer", true), ("svgload_buffer", false), ("svgload", true), ("svgload_source", true),
        ("pdfload_buffer", true),
        ("jpegload", true), ("pngload_source", true), ("vipsload", true), ("matrixload", true),
        ("magicksave_buffer", true), ("gifsave_buffer", true),
        ("jpegload_buffer", false), ("pngload_buffer", false), ("webpload_buffer", false),
        ("gifload_buffer", false), ("heifload_buffer", false), ("tiffload_buffer", false),
        ("jpegsave_buffer", false), ("webpsave_buffer", false), ("pngsave_buffer", false),
        ("heifsave_buffer", false),
    ])
    func unusedOperationsAreBlocked(_ nickname: String, _ blocked: Bool) throws {
        try TestImage.start()
        #expect((notesite_vips_operation_is_blocked(nickname) != 0) == blocked)
    }

    /// A refused format fails in Swift, naming it, before libvips sees it: the reason comes
    /// from the recogniser (libvips would have named a loader, or hung on the .svgz above).
    static let refusedFiles: [([UInt8], String)] = [
        (
            Array("BM".utf8) + [0x36, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0]
                + [UInt8](repeating: 0, count: 60), "BMP"
        ),
        ([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "ICO"),
        (Array("%PDF-1.4\n%%EOF\n".utf8), "PDF"),
    ]

    @Test(arguments: refusedFiles)
    func refusedFormatNeverReachesLibvips(_ bytes: [UInt8], _ name: String) throws {
        let folder = try TemporaryFolder()
        // The name says PNG: only the bytes count.
        let path = folder.path("picture.png")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            try ImageProcessor.render(fileAt: path)
        } throws: { error in
            guard let error = error as? ImageError else { return false }
            return error.reason
                == "unsupported image format (\(name)); notesite accepts \(SourceFormat.acceptedList)"
        }
    }
}

/// The result of work on another thread, waited for with a time limit.
final class Outcome: @unchecked Sendable {
    // @unchecked: `error` and `done` are only touched holding `condition`.
    private let condition = NSCondition()
    private var error: ImageError?
    private var done = false

    func finish(_ error: Error?) {
        condition.lock()
        self.error = error as? ImageError
        done = true
        condition.signal()
        condition.unlock()
    }

    /// The error the work ended with; nil if it succeeded or is still running after `seconds`.
    func wait(seconds: Double) -> ImageError? {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while !done, condition.wait(until: deadline) {}
        return error
    }
}
