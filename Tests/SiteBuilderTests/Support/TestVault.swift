import Foundation
import SiteBuilder

/// A throwaway vault in a temporary folder, removed by `remove()`.
struct TestVault {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("notesite-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    func write(_ data: Data, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// A vault of `files` and `images` by path, built with two jobs.
    static func built(_ files: [String: String], images: [String: Data] = [:]) async throws -> (
        TestVault, BuildReport
    ) {
        let vault = try TestVault()
        for (path, text) in files { try vault.write(text, to: path) }
        for (path, data) in images { try vault.write(data, to: path) }
        let report = await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2))
        return (vault, report)
    }
}

/// The smallest honest PNG writer: solid RGB pixels, stored (uncompressed) deflate blocks.
/// Lets the site tests make images of any size without an image library.
enum TinyPNG {
    static func solid(width: Int, height: Int, rgb: (UInt8, UInt8, UInt8) = (200, 40, 40)) -> Data {
        drawn(width: width, height: height) { _, _ in rgb }
    }

    /// Each pixel's colour from its position (x, y); `exif`, when given, as an `eXIf` chunk.
    static func drawn(
        width: Int, height: Int, exif: [UInt8]? = nil, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let rgb = colour(x, y)
                raw += [rgb.0, rgb.1, rgb.2]
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(width) + be32(height) + [8, 2, 0, 0, 0])
        if let exif { png += chunk("eXIf", exif) }
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return be32(body.count) + typed + be32(Int(crc32(typed)))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, data.count - offset)
            let final: UInt8 = offset + count >= data.count ? 1 : 0
            out += [
                final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF),
                UInt8(~count >> 8 & 0xFF),
            ]
            out += data[offset..<offset + count]
            offset += count
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(Int(b << 16 | a))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}

extension BuildReport {
    /// What the command line would exit with (it owns exit codes; tests here ask the same question).
    func exitCode(strict: Bool) -> Int32 {
        errorCount > 0 || (strict && warningCount > 0) ? 1 : 0
    }
}
