import NoteModel
import YAMLReader

/// The Obsidian syntax's share of reading, before cmark: the front matter is read and blanked out
/// (its lines kept, so positions stay), and every construct the scanner finds becomes a placeholder.
struct ObsidianSource {
    /// What cmark parses, with its line table (also the source map's).
    let parsed: SourceText
    /// The note's own bytes.
    let originalBytes: [UInt8]
    let expander: ObsidianExpander
    private(set) var frontMatter: FrontMatter?
    private(set) var diagnostics: [Diagnostic] = []

    init(utf8 bytes: [UInt8], file: String) {
        var found: [ObsidianScanner.Found] = []
        var scanStart = 0
        var frontMatterRange: Range<Int>?
        if let block = FrontMatterBlock(bytes) {
            frontMatterRange = block.range
            scanStart = block.range.upperBound
            (frontMatter, diagnostics) = Self.frontMatter(bytes[block.yaml], file: file)
            found.append(ObsidianScanner.Found(range: block.range, token: nil))
        }
        var scanner = ObsidianScanner(bytes: bytes, file: file)
        scanner.scan(from: scanStart)
        found += scanner.found
        found.sort { $0.range.lowerBound < $1.range.lowerBound }

        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var tokens: [ObsidianToken] = []
        var tagTokens: [String: Int] = [:]
        var edits: [SourceMap.Edit] = []
        var lineStarts = scanner.hasCarriageReturn ? nil : ParsedLineStarts(original: scanner.lines)
        var cursor = 0
        for item in found where item.range.lowerBound >= cursor {
            lineStarts?.copied(cursor..<item.range.lowerBound, to: output.count)
            output += bytes[cursor..<item.range.lowerBound]
            let start = output.count
            if let token = item.token {
                var index = tokens.count
                if case .tag = token.kind {
                    // One placeholder per tag text, so `[#a]` still matches a `[#a]:` definition.
                    if let known = tagTokens[token.original] {
                        index = known
                    } else {
                        tagTokens[token.original] = index
                    }
                }
                if index == tokens.count { tokens.append(token) }
                output += ObsidianToken.placeholder(index).utf8
            } else if item.range == frontMatterRange {
                // Keep the line count: blank lines at the top change nothing for cmark.
                output += bytes[item.range].filter { $0 == Byte.lf || $0 == Byte.cr }
                lineStarts?.lineFeeds(output.count - start, at: start)
            }
            edits.append(SourceMap.Edit(original: item.range, replacement: start..<output.count))
            cursor = item.range.upperBound
        }
        lineStarts?.copied(cursor..<bytes.count, to: output.count)
        output += bytes[cursor...]
        parsed =
            lineStarts.map {
                SourceText(bytes: output, lines: LineTable(starts: $0.starts, count: output.count))
            }
            ?? SourceText(bytes: output)
        originalBytes = bytes
        let map = SourceMap(edits: edits, originalLines: scanner.lines, parsedLines: parsed.lines)
        expander = ObsidianExpander(tokens: tokens, map: map)
    }

    /// The front matter's YAML read and decoded, with what was wrong in it.
    private static func frontMatter(_ yaml: ArraySlice<UInt8>, file: String) -> (FrontMatter?, [Diagnostic]) {
        do {
            let root = try YAMLReader.parse(String(decoding: yaml, as: UTF8.self), file: file, lineOffset: 1)
            var decoder = FrontMatterDecoder(source: yaml, firstLine: 2)
            let frontMatter = decoder.decode(root, at: SourceLocation(file: file, line: 1, column: 1))
            return (frontMatter, decoder.diagnostics)
        } catch {
            return (nil, [error.diagnostic])
        }
    }
}
