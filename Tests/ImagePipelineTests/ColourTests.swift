import Foundation
import ImagePipeline
import Testing

/// Embedded ICC profiles are honoured: CMYK and Display P3 come out as the right sRGB colours.
@Suite(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
struct ColourTests {
    /// Patches of the CMYK photo (500x333, fractions of its size) and their sRGB means, measured
    /// with `vips icc_transform --embedded` (lcms through the file's own profile). Converting the
    /// CMYK numbers naively (R = (1-C)(1-K)) puts the grass at blue 30 instead of 81, and the
    /// built-in generic CMYK profile is off by over 10 too, so a lost profile fails this test.
    @Test(arguments: [
        ("grass", 0.04...0.20, 0.69...0.81, [104.9, 126.4, 80.7]),
        ("paving", 0.80...0.92, 0.75...0.87, [190.0, 190.7, 192.0]),
        ("bench", 0.33...0.41, 0.52...0.55, [160.9, 180.1, 132.5]),
    ])
    func cmykPatchIsItsSRGBColour(
        _ name: String, _ x: ClosedRange<Double>, _ y: ClosedRange<Double>, _ expected: [Double]
    ) throws {
        let rendition = try ImageProcessor.render(
            fileAt: Corpus.path("odd/Channel_digital_image_CMYK_color.jpg"))
        let decoded = try DecodedImage(rendition.data)
        #expect(decoded.bands == 3)
        let actual = Array(decoded.mean(x: x, y: y).prefix(3))
        #expect(colourDistance(actual, expected) < 6, "\(name): \(actual) vs \(expected)")
    }

    /// p3.png is 8x8 red: the left half (240,0,0) and the right half (255,0,0) in Display P3.
    /// Both are outside sRGB's gamut, so both come out (255,0,0); a converter that ignored the
    /// profile would leave the left half at 240.
    @Test func displayP3RedIsSRGBRed() throws {
        let rendition = try ImageProcessor.render(fileAt: Corpus.path("odd/p3.png"))
        let decoded = try DecodedImage(rendition.data)
        for region in [0.0...0.45, 0.55...1.0] {
            let actual = Array(decoded.mean(x: region, y: 0...1).prefix(3))
            #expect(colourDistance(actual, [255, 0, 0]) < 3, "\(region): \(actual)")
        }
        let source = try DecodedImage(fileAt: Corpus.path("odd/p3.png"))
        #expect(source.mean(x: 0...0.45, y: 0...1)[0] < 245, "the source's left half must start at 240")
    }
}
