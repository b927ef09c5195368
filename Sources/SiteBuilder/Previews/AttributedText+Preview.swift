import NoteModel

extension AttributedText {
    /// The text without the runs `drop` picks (footnote references, raw HTML); the other runs
    /// keep their text and spans. A span left without runs is never written.
    func removingRuns(where drop: (TextRun) -> Bool) -> AttributedText {
        // Most texts lose nothing, and copying them piece by piece would give them back as they
        // are when their runs cover the string exactly.
        if !runs.contains(where: drop), runsCoverTheString { return self }
        var kept = AttributedText(string: "", runs: [], spans: spans)
        var position = string.utf8.startIndex
        for run in runs {
            let end =
                string.utf8.index(position, offsetBy: max(0, run.length), limitedBy: string.endIndex)
                ?? string.endIndex
            defer { position = end }
            if drop(run) { continue }
            kept.string += string[position..<end]
            kept.runs.append(run)
        }
        return kept
    }

    /// Whether the runs' lengths, none negative, add up to the string's bytes. (A run ending inside
    /// a scalar changes nothing: each piece's ends are rounded down alike, so the pieces meet.)
    private var runsCoverTheString: Bool {
        var total = 0
        for run in runs {
            guard run.length >= 0 else { return false }
            total += run.length
        }
        return total == string.utf8.count
    }

    /// Whether some run lies inside a span of this kind (however deep).
    func isInside(_ run: TextRun, where matches: (InlineKind) -> Bool) -> Bool {
        var next = run.span
        while let id = next, spans.indices.contains(id) {
            if matches(spans[id].kind) { return true }
            next = parent(of: id)
        }
        return false
    }

    /// At most about `limit` characters: cut after the last space before the limit (inside a word
    /// only when the text has no space in its last third), with "…" after it. Runs crossing the cut
    /// are shortened; an image (one character) is never split. Unchanged when it fits.
    func truncated(toCharacters limit: Int) -> AttributedText {
        guard PreviewText.characterCount(string) > limit else { return self }
        var cut: String.Index
        let earliest: String.Index
        let positions = [max(0, limit), max(0, limit * 2 / 3)]
        // Found on bytes when each scalar is a Character: walking Characters cost hundreds of
        // instructions each.
        if let offsets = PreviewText.separateCharacterOffsets(positions, in: string) {
            let utf8 = string.utf8
            cut = utf8.index(utf8.startIndex, offsetBy: offsets[0])
            earliest = utf8.index(utf8.startIndex, offsetBy: offsets[1])
        } else {
            cut = string.index(string.startIndex, offsetBy: positions[0])
            earliest = string.index(string.startIndex, offsetBy: positions[1])
        }
        if let space = string[earliest..<cut].lastIndex(where: \.isWhitespace) { cut = space }
        while cut > string.startIndex, string[string.index(before: cut)].isWhitespace {
            cut = string.index(before: cut)
        }
        let bytes = string.utf8.distance(from: string.startIndex, to: cut)
        var kept = AttributedText(string: String(string[..<cut]), runs: [], spans: spans)
        var offset = 0
        for run in runs where offset < bytes {
            let length = min(run.length, bytes - offset)
            offset += run.length
            if run.attachment != nil && length < run.length { break }
            kept.runs.append(TextRun(length: length, span: run.span, attachment: run.attachment))
        }
        // Runs may have held fewer bytes than the string (a corrupt model): keep them in step.
        let covered = kept.runs.reduce(0) { $0 + $1.length }
        if covered < bytes { kept.string = String(decoding: kept.string.utf8.prefix(covered), as: UTF8.self) }
        kept.string += "…"
        kept.runs.append(TextRun(length: "…".utf8.count, span: nil))
        return kept
    }
}
