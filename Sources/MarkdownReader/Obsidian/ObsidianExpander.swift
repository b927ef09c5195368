import NoteModel

/// After cmark: turns placeholders in text into the model's spans and attachments, puts the
/// original source back where cmark keeps text literally, and maps positions back to the source.
struct ObsidianExpander: Sendable {
    let tokens: [ObsidianToken]
    let map: SourceMap

    /// Each placeholder replaced by the source it stands for (code, raw HTML, destinations).
    func restore(_ string: String) -> String {
        guard Byte.contains(string, 0xEE) else { return string }
        var output: [UInt8] = []
        forEachPiece(of: string) { piece in
            switch piece {
            case .text(let bytes): output += bytes
            case .token(let index): output += tokens[index].original.utf8
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends cmark's text with its placeholders expanded. Inside a link, wikilinks and tags stay
    /// text (a link cannot hold a link). `tokenRanges` are where the placeholders' constructs are
    /// written, in order.
    func expand(
        _ string: String, into builder: inout AttributedTextBuilder, attachments: inout [ImageAttachment],
        insideLink: Bool, tokenRanges: [SourceRange] = []
    ) {
        guard Byte.contains(string, 0xEE) else {
            builder.appendText(string)
            return
        }
        var ranges = tokenRanges.makeIterator()
        forEachPiece(of: string) { piece in
            switch piece {
            case .text(let bytes):
                builder.appendText(String(decoding: bytes, as: UTF8.self))
            case .token(let index):
                append(
                    tokens[index], range: ranges.next(), into: &builder, attachments: &attachments,
                    insideLink: insideLink)
            }
        }
    }

    private func append(
        _ token: ObsidianToken, range: SourceRange?, into builder: inout AttributedTextBuilder,
        attachments: inout [ImageAttachment], insideLink: Bool
    ) {
        switch token.kind {
        case .wikilink(let link) where link.isEmbed && link.isImage:
            // Obsidian's alt for `![[photo.png]]` is the file's name.
            var alt = AttributedTextBuilder()
            alt.appendText(link.alias ?? String(link.target.split(separator: "/").last ?? ""))
            attachments.append(
                ImageAttachment(
                    destination: ObsidianExpander.percentEncoded(link.target), title: "",
                    location: link.location,
                    alt: alt.finish(), size: link.size, range: range))
            builder.appendAttachment(attachments.count - 1)
        case .wikilink(let link):
            if insideLink {
                builder.appendText(link.displayText)
            } else {
                builder.openSpan(link.isEmbed ? .embed(link) : .wikilink(link), range: range)
                builder.appendText(link.displayText)
                builder.closeSpan()
            }
        case .comment:
            break
        case .math(let display, let tex):
            let literal = tex.replacing("\r\n", with: "\n")
            builder.appendLeaf(
                .math(display: display), literal: display ? literal.trimmingNewlines() : literal, range: range
            )
        case .highlightOpen:
            builder.openSpan(.highlight, range: range)
        case .highlightClose:
            if let open = builder.currentSpan, builder.spans[open].kind == .highlight {
                // The highlight runs from its `==` to this one.
                if let start = builder.spans[open].range, let end = range {
                    builder.setRange(SourceRange(start: start.start, end: end.end), ofSpan: open)
                }
                builder.closeSpan()
            } else {
                builder.appendText(token.original)
            }
        case .tag(let name):
            if insideLink {
                builder.appendText(token.original)
            } else {
                builder.appendLeaf(.tag(name), literal: token.original, range: range)
            }
        case .literal:
            builder.appendText(token.original)
        }
    }

    private enum Piece {
        case text(ArraySlice<UInt8>)
        case token(Int)
    }

    /// Splits at placeholders (U+E000 digits U+E001, UTF-8 `EE 80 80` ... `EE 80 81`).
    private func forEachPiece(of string: String, _ body: (Piece) -> Void) {
        let bytes = Array(string.utf8)
        var textStart = 0
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == 0xEE, bytes[index + 1] == 0x80, bytes[index + 2] == 0x80 else {
                index += 1
                continue
            }
            var cursor = index + 3
            var number = 0
            while cursor < bytes.count, Byte.isDigit(bytes[cursor]), number < tokens.count {
                number = number * 10 + Int(bytes[cursor] - 0x30)
                cursor += 1
            }
            let closes =
                cursor > index + 3 && cursor + 2 < bytes.count && bytes[cursor] == 0xEE
                && bytes[cursor + 1] == 0x80
                && bytes[cursor + 2] == 0x81
            guard closes, number < tokens.count else {
                index += 1
                continue
            }
            if textStart < index { body(.text(bytes[textStart..<index])) }
            body(.token(number))
            index = cursor + 3
            textStart = index
        }
        if textStart < bytes.count { body(.text(bytes[textStart...])) }
    }

    /// A wikilink target as a URL path, as a Markdown image destination is written.
    static func percentEncoded(_ target: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in target.utf8 {
            let isLetterOrDigit =
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || Byte.isDigit(byte)
            if isLetterOrDigit || "-._~/!$&'()*+,;=:@".utf8.contains(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingNewlines() -> String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

extension AttributedTextBuilder {
    /// Closes highlights left open inside a span that cmark is closing (`*a ==b*` has no `==` after).
    mutating func closeDanglingHighlights() {
        while isInsideHighlight { closeSpan() }
    }
}
