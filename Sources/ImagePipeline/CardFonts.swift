internal import ContentDigest
public import Foundation

/// What the fonts a card is drawn with are, for its cache key: every font file in fontconfig's
/// usual folders, by path, size and modification time. Installing, removing or updating a font
/// draws the cards again.
public enum CardFonts {
    static let folders = ["/usr/share/fonts", "/usr/local/share/fonts"]

    public static func identity(home: String? = ProcessInfo.processInfo.environment["HOME"]) -> String {
        var roots = folders
        if let home {
            roots += [home + "/.local/share/fonts", home + "/.fonts"]
        }
        var lines: [String] = []
        let manager = FileManager.default
        for root in roots {
            guard let walker = manager.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = root + "/" + relative
                guard let attributes = try? manager.attributesOfItem(atPath: path),
                    attributes[.type] as? FileAttributeType == .typeRegular
                else { continue }
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                lines.append("\(path) \(size) \(Int(modified))")
            }
        }
        return SHA256.hex(lines.sorted().joined(separator: "\n").utf8)
    }
}
