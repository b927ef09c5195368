import Foundation
import ImagePipeline
import Testing

/// Bad inputs give an ImageError with a reason a person can act on, never a crash.
@Suite struct ErrorTests {
    static func error(rendering path: String) -> ImageError? {
        do {
            _ = try ImageProcessor.render(fileAt: path)
            return nil
        } catch {
            return error
        }
    }

    static func expectFailure(
        _ path: String, mentions words: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = error(rendering: path) else {
            Issue.record("\(path) rendered but should fail", sourceLocation: sourceLocation)
            return
        }
        #expect(error.path == path, sourceLocation: sourceLocation)
        for word in words {
            #expect(error.reason.contains(word), "\(error)", sourceLocation: sourceLocation)
        }
        #expect(!error.description.contains("\n"), "one line: \(error)", sourceLocation: sourceLocation)
    }

    @Test func missingFile() {
        Self.expectFailure("/nonexistent/notesite/photo.jpg", mentions: ["file not found"])
    }

    @Test func folderInsteadOfFile() throws {
        let folder = try TemporaryFolder()
        Self.expectFailure(folder.url.path, mentions: ["folder"])
    }

    @Test func emptyFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.png")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        Self.expectFailure(path, mentions: ["empty"])
    }

    @Test func textFileIsUnsupported() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("notes.jpg")
        try Data("just some words, not an image\n".utf8).write(to: URL(fileURLWithPath: path))
        Self.expectFailure(path, mentions: ["unsupported image format", "JPEG, PNG"])
    }

    @Test func truncatedGeneratedJPEG() throws {
        let folder = try TemporaryFolder()
        let whole = folder.path("whole.jpg")
        try TestImage.writeQuadrants(to: whole, width: 800, height: 600)
        let data = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = folder.path("cut.jpg")
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        Self.expectFailure(cut, mentions: ["JPEG", "corrupt or truncated"])
    }

    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        arguments: [
            ("odd/truncated.jpg", ["JPEG", "corrupt or truncated"]),
            ("odd/truncated.png", ["PNG", "corrupt or truncated"]),
            ("odd/corrupt-header.jpg", ["JPEG", "corrupt or truncated"]),
            ("odd/favicon.ico", ["unsupported image format (ICO)", "JPEG, PNG"]),
            ("odd/small.bmp", ["unsupported image format (BMP)", "JPEG, PNG"]),
            ("odd/LICENSE.sharp", ["unsupported image format"]),
        ])
    func corpusFileFails(_ file: String, _ words: [String]) {
        Self.expectFailure(Corpus.path(file), mentions: words)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func decompressionBombFailsFast() {
        let started = ContinuousClock.now
        Self.expectFailure(Corpus.path("odd/65536-uint32-limit.png"), mentions: ["65536x65536", "limit"])
        #expect(ContinuousClock.now - started < .seconds(1))
    }

    /// A PNG with a chunk inserted after its header (`IHDR` ends at byte 33).
    static func png(insertingAfterHeader chunk: [UInt8], in folder: TemporaryFolder, name: String) throws
        -> String
    {
        let whole = folder.path("whole-\(name)")
        try TestImage.writeQuadrants(to: whole, width: 40, height: 30)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
        let path = folder.path(name)
        try Data(bytes[..<33] + chunk + bytes[33...]).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func ancillaryChunkLongerThanTheFileIsRefusedBeforeLibpng() throws {
        let folder = try TemporaryFolder()
        // The fuzzer's find: an iTXt chunk that claims 1.7 GB in a file of a few hundred bytes.
        let text = Array("Title\0\0\0fi\0Otsikko\0words".utf8)
        let overlong = [0x65, 0x64, 0x65, 0x39] + Array("iTXt".utf8) + text
        let path = try Self.png(insertingAfterHeader: overlong, in: folder, name: "overlong.png")
        Self.expectFailure(path, mentions: ["corrupt or truncated", "iTXt", "1701078329 bytes"])
        // The same chunk with its true length and CRC is only metadata: the image renders.
        let body = Array("iTXt".utf8) + text
        let honest = PNGCRC.bigEndian(UInt32(text.count)) + body + PNGCRC.bigEndian(PNGCRC.checksum(body))
        let fine = try Self.png(insertingAfterHeader: honest, in: folder, name: "honest.png")
        #expect(try ImageProcessor.render(fileAt: fine).pixelWidth == 40)
    }

    @Test func pixelLimitIsASetting() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("big.png")
        try TestImage.writeQuadrants(to: path, width: 400, height: 300)
        #expect(throws: ImageError.self) {
            try ImageProcessor.render(fileAt: path, settings: ImageSettings(maxInputPixels: 100_000))
        }
        #expect(
            try ImageProcessor.render(fileAt: path, settings: ImageSettings(maxInputPixels: 120_000))
                .pixelWidth == 400)
    }

    /// Every file in odd/ renders or fails cleanly.
    @Test(arguments: Corpus.files(in: "odd"))
    func oddFileRendersOrFailsCleanly(_ file: String) {
        do {
            let rendition = try ImageProcessor.render(fileAt: Corpus.path("odd/\(file)"))
            #expect(rendition.pixelWidth > 0 && rendition.pixelHeight > 0)
            #expect(rendition.cssWidth <= 720)
        } catch {
            #expect(!error.reason.isEmpty && !error.description.contains("\n"))
        }
    }
}

/// PNG's chunk checksum (CRC-32, ISO 3309), for tests that make chunks.
enum PNGCRC {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
