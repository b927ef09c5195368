import NoteModel

/// What a link's `#fragment` can name in one note: its headings (by their source text, for
/// Obsidian's matching, and by their ids) and its block ids. Built once per note for the build.
struct NoteOutline: Sendable, Hashable {
    struct Heading: Sendable, Hashable {
        let level: Int
        /// ``ObsidianHeading/key(_:)`` of the heading's source text.
        let key: String
        /// The heading's HTML id.
        let id: String?
        /// Its index in the note's blocks.
        let block: Int
    }

    /// What a fragment found: the block it starts at and the id to link to.
    struct Target: Sendable, Hashable {
        let block: Int
        let id: String?
    }

    let headings: [Heading]
    /// Block ids (`^id`) by their lower-cased text without `^`, with their block's index.
    let blockIDs: [String: Target]

    init(document: NoteDocument, utf8 text: [UInt8]) {
        var headings: [Heading] = []
        var blockIDs: [String: Target] = [:]
        for (index, block) in document.blocks.enumerated() {
            if case .heading(let level) = block.kind {
                let source =
                    Self.sourceText(ofHeading: block, in: text)
                    ?? document.plainText(of: block.content ?? AttributedText())
                headings.append(
                    Heading(level: level, key: ObsidianHeading.key(source), id: block.anchor, block: index))
            } else if let anchor = block.anchor, anchor.hasPrefix("^") {
                let key = anchor.dropFirst().lowercased()
                if blockIDs[key] == nil { blockIDs[key] = Target(block: index, id: anchor) }
            }
        }
        self.headings = headings
        self.blockIDs = blockIDs
    }

    /// The heading or block a link's fragment names, Obsidian's way first (``obsidian(_:)``),
    /// then Quartz's (``quartz(_:)``); nil when neither finds it.
    func find(_ fragment: String) -> Target? {
        obsidian(fragment) ?? quartz(fragment)
    }

    /// Obsidian's `resolveSubpath`: the fragment split at `#` (empty parts dropped); one part
    /// starting with `^` is a block id (without case); otherwise a heading path `A#B#C`: the
    /// first heading matching `A`, then within its section (until a heading of its level or
    /// higher) the first deeper one matching `B`, and so on.
    func obsidian(_ fragment: String) -> Target? {
        let parts = fragment.split(separator: "#").map(String.init)
        guard !parts.isEmpty else { return nil }
        if parts.count == 1, parts[0].hasPrefix("^") {
            return blockIDs[parts[0].dropFirst().lowercased()]
        }
        let keys = parts.map(ObsidianHeading.key)
        var matched = 0
        var level = 0
        for heading in headings {
            if matched > 0 && heading.level <= level { return nil }
            guard heading.key == keys[matched] else { continue }
            matched += 1
            level = heading.level
            if matched == keys.count { return Target(block: heading.block, id: heading.id) }
        }
        return nil
    }

    /// Quartz's way: the fragment slugged as GitHub slugs headings (`#page-frames`), matched
    /// against the headings' ids (`-1`, `-2` of repeated headings included).
    func quartz(_ fragment: String) -> Target? {
        let trimmed = Self.trimmingSpaces(fragment)
        guard !trimmed.isEmpty, !trimmed.contains("#"), !trimmed.hasPrefix("^") else { return nil }
        let slug = Slugger.slug(trimmed)
        return headings.first { $0.id == slug }.map { Target(block: $0.block, id: $0.id) }
    }

    /// An ATX heading's text as written after its `#`s (closing `#`s, being stripped anyway,
    /// are left); a setext heading's lines before its underline. Cut from the note at the
    /// heading's range; nil without one.
    static func sourceText(ofHeading block: Block, in text: [UInt8]) -> String? {
        guard let range = block.range, range.end.offset <= text.count else { return nil }
        return asciiATXText(range.offsets, in: text) ?? writtenText(range.offsets, in: text)
    }

    /// ``sourceText(ofHeading:in:)`` for any heading, character by character.
    static func writtenText(_ offsets: Range<Int>, in text: [UInt8]) -> String {
        let written = String(
            decoding: text[min(offsets.lowerBound, text.count)..<min(offsets.upperBound, text.count)],
            as: UTF8.self)
        if written.hasPrefix("#") {
            return String(written.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }.drop { $0 == "#" })
        }
        let lines = written.split(omittingEmptySubsequences: false) {
            $0 == "\n" || $0 == "\r\n" || $0 == "\r"
        }
        .reversed().drop { $0.isEmpty }.reversed()
        // Continuation lines without their indentation and quote markers; the underline goes.
        let rest = lines.dropFirst().dropLast().map { line in
            String(line.drop { $0 == " " || $0 == "\t" || $0 == ">" })
        }
        return ([String(lines.first ?? "")] + rest).joined(separator: "\n")
    }
}

extension NoteOutline {
    /// ``sourceText(ofHeading:in:)`` of an ATX heading whose first line is ASCII, read as bytes:
    /// the same text (an ASCII `#` or line ending is a character of its own), where walking it by
    /// characters took twelve thousand instructions a heading. Nil for anything else.
    static func asciiATXText(_ offsets: Range<Int>, in text: [UInt8]) -> String? {
        let utf8 = text.span
        guard offsets.upperBound <= utf8.count, offsets.lowerBound < offsets.upperBound,
            utf8[offsets.lowerBound] == UInt8(ascii: "#")
        else { return nil }
        var end = offsets.lowerBound
        while end < offsets.upperBound, utf8[end] != 0x0A, utf8[end] != 0x0D {
            guard utf8[end] < 0x80 else { return nil }
            end += 1
        }
        var start = offsets.lowerBound
        while start < end, utf8[start] == UInt8(ascii: "#") { start += 1 }
        return String(decoding: text[start..<end], as: UTF8.self)
    }
}

extension NoteOutline {
    /// Without the spaces and tabs at either end: the text between the first and the last other
    /// Character (a string rebuilt from a reversed view of its reversed view cost nearly a
    /// million instructions a fragment).
    static func trimmingSpaces(_ text: String) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }),
            let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }
}
