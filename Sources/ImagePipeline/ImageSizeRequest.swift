/// The display size one image reference asks for, in CSS pixels, as Obsidian writes it after
/// the name: `![[x.png|300]]` (a width) or `![[x.png|300x200]]` (a box to fit inside).
///
/// The `width`/`height` attributes are the request (fitted inside the box keeping the aspect
/// ratio, and never wider than the reading column); the pixels are that size times the pixel
/// density (300 CSS px -> 600 px at 2x), but never more than the source has: an image is never
/// enlarged, a browser scales a small one up instead.
public enum ImageSizeRequest: Sendable, Hashable, CustomStringConvertible {
    case width(Int)
    case box(width: Int, height: Int)

    /// Parses `300` or `300x200` (the text after `|`); nil for anything else, such as alt text.
    public init?(obsidianSuffix text: String) {
        let parts = text.trimmingPrefixAndSuffixSpaces.split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 5, part.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
            return Int(part).flatMap { $0 > 0 ? $0 : nil }
        }
        guard numbers.count == parts.count else { return nil }
        switch numbers.count {
        case 1: self = .width(numbers[0])
        case 2: self = .box(width: numbers[0], height: numbers[1])
        default: return nil
        }
    }

    public var description: String {
        switch self {
        case .width(let width): "\(width)"
        case .box(let width, let height): "\(width)x\(height)"
        }
    }

    /// The CSS size of an upright `source`, fitted to this request and to `column`.
    func cssSize(of source: DisplaySize, column: Int) -> DisplaySize {
        guard source.width > 0, source.height > 0 else { return source }
        let scale: Double
        switch self {
        case .width(let width):
            scale = Double(min(width, column)) / Double(source.width)
        case .box(let width, let height):
            let boxScale = min(Double(width) / Double(source.width), Double(height) / Double(source.height))
            scale = min(boxScale, Double(column) / Double(source.width))
        }
        return DisplaySize(
            width: max(1, Int((Double(source.width) * scale).rounded())),
            height: max(1, Int((Double(source.height) * scale).rounded())))
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}

extension String {
    fileprivate var trimmingPrefixAndSuffixSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
