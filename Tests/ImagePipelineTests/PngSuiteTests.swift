import Foundation
import ImagePipeline
import Testing

/// Under the `png` policy, every PngSuite file renders as an 8-bit PNG of the same size, except the deliberately
/// corrupt x*.png files, which fail with a reason.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct PngSuiteTests {
    static let files = Corpus.files(in: "pngsuite", extensions: ["png"])

    @Test func corpusIsComplete() {
        #expect(Self.files.count > 150)
    }

    @Test(arguments: files)
    func rendersOrFailsCleanly(_ file: String) throws {
        let path = Corpus.path("pngsuite/\(file)")
        if file.hasPrefix("x") {
            #expect {
                try ImageProcessor.render(fileAt: path)
            } throws: { error in
                guard let error = error as? ImageError else { return false }
                return error.reason.contains("corrupt or truncated")
                    || error.reason.contains("unsupported image format")
            }
            return
        }
        let rendition = try ImageProcessor.render(fileAt: path, settings: ImageSettings(format: .png))
        let source = try DecodedImage(fileAt: path)
        let decoded = try DecodedImage(rendition.data)
        #expect(rendition.mimeType == "image/png")
        #expect(decoded.loader.contains("Png"))
        #expect((decoded.width, decoded.height) == (source.width, source.height))
        #expect((rendition.pixelWidth, rendition.pixelHeight) == (source.width, source.height))
        let sourceSize = try Data(contentsOf: URL(fileURLWithPath: path)).count
        #expect(
            !decoded.pixels.isEmpty || rendition.data.count <= sourceSize,
            "the rendition must be 8-bit, or the (smaller) source kept as it is")
    }
}
