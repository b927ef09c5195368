internal import Foundation

/// A card's text block laid out by Pango (through `vips_text`) and shortened with an ellipsis
/// until it fits its box: Pango breaks lines (between CJK characters too), orders right-to-left
/// runs and shapes Arabic, so the card's text reads as the page's does.
enum CardTextLayout {
    /// The longest text considered: a box shows a few lines, and each try lays out all of it.
    static let longest = 400

    /// The box's text drawn to fit its width and height; nil when there is nothing to draw.
    static func block(for box: CardTextBox) -> VipsImageRef? {
        let words = box.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let characters = Array(words.prefix(longest))
        guard !characters.isEmpty else { return nil }
        let draw = { (count: Int, ellipsis: Bool) -> VipsImageRef? in
            var text = String(characters[..<count])
            if ellipsis { text = text.trimmingCharacters(in: .whitespaces) + "…" }
            return VipsImageRef.text(markup: markup(text, color: box.color), font: box.font, width: box.width)
        }
        // Text past `longest` never fits: the full try already ends in an ellipsis.
        let cutShort = characters.count < words.count
        guard let full = draw(characters.count, cutShort) else { return nil }
        if full.height <= box.height { return full }
        // Cut where a line may break, keeping the longest start that fits with its ellipsis; lines
        // grow with the characters, so the full height's share is a close first upper bound.
        let cuts = cutPoints(characters)
        let share = Double(box.height) / Double(full.height)
        let guess = Int((Double(characters.count) * share * 1.2).rounded(.up))
        var low = 0
        var high = (cuts.lastIndex { $0 <= guess } ?? cuts.count - 1)
        var best: VipsImageRef?
        while low <= high {
            let middle = (low + high) / 2
            guard let candidate = draw(cuts[middle], true) else { return nil }
            if candidate.height <= box.height {
                best = candidate
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return best ?? draw(0, true)
    }

    /// Places a line may be cut: before a space, or beside a CJK character; every character when
    /// there is neither (one long word).
    static func cutPoints(_ characters: [Character]) -> [Int] {
        var cuts: [Int] = []
        for index in 1..<max(characters.count, 1)
        where
            characters[index].isWhitespace || isWide(characters[index]) || isWide(characters[index - 1])
        {
            cuts.append(index)
        }
        return cuts.isEmpty ? Array(1..<max(characters.count, 2)) : cuts
    }

    /// Han, kana, Hangul and their punctuation: lines break between any two of them.
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default: return false
        }
    }

    /// Whether the text's first strong character is right-to-left (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko...), as Pango decides a paragraph's direction: such a block is set against the box's right edge.
    static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF:
                return true
            default:
                if scalar.properties.isAlphabetic { return false }
            }
        }
        return false
    }

    /// The text as Pango markup in one colour.
    static func markup(_ text: String, color: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return "<span foreground=\"\(color)\">\(escaped)</span>"
    }
}
