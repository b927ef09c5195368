public import Foundation

extension SourceFormat {
    /// What a file's first bytes say it is.
    public enum Recognition: Sendable, Hashable {
        /// A format notesite takes.
        case accepted(SourceFormat)
        /// A format notesite knows but does not take, named for the message ("BMP").
        case refused(String)
        /// Nothing notesite knows.
        case unknown
    }

    /// Recognises a format from its magic bytes, in Swift, before libvips sees any byte: the
    /// matching loader is then called by name. libvips's own sniffing runs every loader's check
    /// on the bytes, and its SVG check never returns on a gzip stream followed by more data
    /// (a truncated `.svgz` made of two gzip members, for one). Total: any bytes give an answer,
    /// reading at most the first 4 KB.
    public static func recognise(bytes data: Data) -> Recognition {
        let head = [UInt8](data.prefix(64))
        if let format = rasterFormat(head) { return .accepted(format) }
        if let name = refusedFormat(head) { return .refused(name) }
        if SVGDocument.looksLikeSVG(data) { return .accepted(.svg) }
        return .unknown
    }

    private static func rasterFormat(_ head: [UInt8]) -> SourceFormat? {
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        if head.starts(with: Array("RIFF".utf8)), head.count >= 12, Array(head[8..<12]) == Array("WEBP".utf8)
        {
            return .webp
        }
        // Classic and BigTIFF, either byte order.
        let tiffMagics: [[UInt8]] = [
            [0x49, 0x49, 0x2A, 0], [0x4D, 0x4D, 0, 0x2A], [0x49, 0x49, 0x2B, 0], [0x4D, 0x4D, 0, 0x2B],
        ]
        if tiffMagics.contains(where: { head.starts(with: $0) }) { return .tiff }
        if let brand = isoBrand(head), heifBrands.contains(brand) { return .heif }
        return nil
    }

    /// The major brands of HEIF and AVIF files (as libvips's heif loader checks them).
    static let heifBrands: Set<String> = [
        "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis",
    ]

    /// The major brand of an ISO media file (`....ftypBRAND`), if these bytes start one.
    private static func isoBrand(_ head: [UInt8]) -> String? {
        guard head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) else { return nil }
        let boxSize = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard boxSize >= 12, boxSize <= 4096 else { return nil }
        return String(decoding: head[8..<12], as: UTF8.self)
    }

    /// Formats people do drop into a vault, named so the message says what the file is.
    private static func refusedFormat(_ head: [UInt8]) -> String? {
        let magics: [(bytes: [UInt8], name: String)] = [
            ([0x1F, 0x8B], "gzip-compressed data, such as an .svgz file: save the SVG uncompressed"),
            ([0, 0, 1, 0], "ICO"), ([0, 0, 2, 0], "CUR"),
            (Array("%PDF".utf8), "PDF"), (Array("8BPS".utf8), "Photoshop PSD"),
            ([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20], "JPEG 2000"), ([0xFF, 0x4F, 0xFF, 0x51], "JPEG 2000"),
            ([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20], "JPEG XL"), ([0xFF, 0x0A], "JPEG XL"),
            ([0x76, 0x2F, 0x31, 0x01], "OpenEXR"), (Array("#?RADIANCE".utf8), "Radiance HDR"),
            (Array("qoif".utf8), "QOI"), (Array("SIMPLE  =".utf8), "FITS"),
            ([0x08, 0xF2, 0xA6, 0xB6], "VIPS"), ([0xB6, 0xA6, 0xF2, 0x08], "VIPS"),
            (Array("PK".utf8) + [3, 4], "a ZIP archive"),
        ]
        if let match = magics.first(where: { head.starts(with: $0.bytes) }) { return match.name }
        // BMP: "BM", then a known info header size at offset 14.
        if head.starts(with: Array("BM".utf8)), head.count >= 18,
            [12, 40, 52, 56, 64, 108, 124].contains(Int(head[14]))
        {
            return "BMP"
        }
        // PBM, PGM, PPM, PAM and PFM: "P1" to "P7" or "Pf"/"PF", then white space.
        if head.count >= 3, head[0] == 0x50, Array("1234567fF".utf8).contains(head[1]),
            [0x20, 0x09, 0x0A, 0x0D].contains(head[2])
        {
            return "PPM"
        }
        if let brand = isoBrand(head) { return "an ISO media file of brand '\(brand)', such as a video" }
        return nil
    }
}
