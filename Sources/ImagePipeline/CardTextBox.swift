/// A block of text a card's SVG asks for: an element with a `data-text` attribute (the template's
/// `<rect data-text="{{title}}" x=".." y=".." width=".." height=".." data-font=".." data-color=".."/>`).
/// SVG cannot wrap text, and librsvg shapes one line at a time, so each block is laid out by Pango
/// as a paragraph (line breaks, bidi, shaping) and drawn over the SVG at the rectangle's place.
struct CardTextBox: Sendable, Hashable {
    var text: String
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// A Pango font description found through fontconfig: `DejaVu Sans Bold 64px`.
    var font: String
    /// `#rrggbb` or `#rgb`.
    var color: String

    static let defaultFont = "sans-serif 32px"
    static let defaultColor = "#000000"

    /// Every element of `svg` that has a `data-text` attribute and a usable rectangle, in order.
    static func boxes(in svg: String) -> [CardTextBox] {
        SVGTags.elements(in: svg).compactMap { attributes in
            guard let text = attributes["data-text"],
                let x = attributes["x"].flatMap(number), let y = attributes["y"].flatMap(number),
                let width = attributes["width"].flatMap(number),
                let height = attributes["height"].flatMap(number),
                width > 0, height > 0
            else { return nil }
            let font = attributes["data-font"].flatMap { isFont($0) ? $0 : nil } ?? defaultFont
            let color = attributes["data-color"].flatMap { isColor($0) ? $0 : nil } ?? defaultColor
            return CardTextBox(text: text, x: x, y: y, width: width, height: height, font: font, color: color)
        }
    }

    private static func number(_ text: String) -> Int? {
        Double(text.trimmingCharacters(in: .whitespaces)).flatMap { $0.isFinite ? Int($0.rounded()) : nil }
    }

    private static func isColor(_ text: String) -> Bool {
        text.first == "#" && (text.count == 4 || text.count == 7) && text.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// Letters, digits, spaces and `, - .`: a font description, never markup.
    private static func isFont(_ text: String) -> Bool {
        !text.isEmpty && text.count < 200
            && text.allSatisfy { $0.isLetter || $0.isNumber || " ,-.".contains($0) }
    }
}
