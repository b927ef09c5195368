/// URL-safe, lower-case names for pages: `trips/Lisbon Trip.md` -> `trips/lisbon-trip.html`.
enum Slug {
    /// One path component: lower-cased, runs of spaces and punctuation folded to one `-`;
    /// letters and digits of any script are kept as they are (browsers percent-encode them).
    static func component(_ name: String) -> String {
        asciiComponent(name) ?? generalComponent(name)
    }

    /// ``component(_:)`` of any name, by Characters.
    static func generalComponent(_ name: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in name.lowercased() {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "untitled" : slug
    }

    /// ``component(_:)`` of an ASCII name on bytes (every note's path is slugged); nil for any
    /// other name.
    static func asciiComponent(_ name: String) -> String? {
        var slug: [UInt8] = []
        slug.reserveCapacity(name.utf8.count)
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        appendASCIIComponent(name.utf8, to: &slug)
        return String(decoding: slug, as: UTF8.self)
    }

    /// Appends the slug of an ASCII name (``component(_:)``), `untitled` when nothing is kept.
    private static func appendASCIIComponent(_ name: some Sequence<UInt8>, to slug: inout [UInt8]) {
        let start = slug.count
        var pendingDash = false
        for byte in name {
            let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            let kept =
                (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) || lower == UInt8(ascii: "_")
                || lower == UInt8(ascii: ".")
            if kept {
                if pendingDash && slug.count > start { slug.append(UInt8(ascii: "-")) }
                pendingDash = false
                slug.append(lower)
            } else {
                pendingDash = true
            }
        }
        if slug.count == start { slug += "untitled".utf8 }
    }

    /// The page path for a note at `notePath` (vault-relative, `/`-separated).
    static func pagePath(forNote notePath: String) -> String {
        if let ascii = asciiPagePath(forNote: notePath) { return ascii }
        var components = notePath.split(separator: "/").map(String.init)
        guard let file = components.popLast() else { return "untitled.html" }
        let stem =
            file.hasSuffix(".md") || file.lowercased().hasSuffix(".md") ? String(file.dropLast(3)) : file
        return (components.map(component) + [component(stem) + ".html"]).joined(separator: "/")
    }

    /// ``pagePath(forNote:)`` of an ASCII path, in one pass over its bytes; nil for any other path.
    /// Its parts are found in place: splitting them into an array cost half of each note's page path.
    static func asciiPagePath(forNote notePath: String) -> String? {
        var notePath = notePath
        return notePath.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let slash = UInt8(ascii: "/")
            // The file is the last part between slashes; empty parts are left out (as `split` does).
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return "untitled.html" }
            var fileStart = end
            while fileStart > 0, bytes[fileStart - 1] != slash { fileStart -= 1 }
            var page: [UInt8] = []
            page.reserveCapacity(bytes.count + 8)
            var start = 0
            while start < fileStart {
                guard bytes[start] != slash else {
                    start += 1
                    continue
                }
                var partEnd = start
                while partEnd < fileStart, bytes[partEnd] != slash { partEnd += 1 }
                appendASCIIComponent(bytes[start..<partEnd], to: &page)
                page.append(slash)
                start = partEnd
            }
            let file = bytes[fileStart..<end]
            appendASCIIComponent(
                hasMarkdownExtension(file) ? file.dropLast(3) : file, to: &page
            )
            page += ".html".utf8
            return String(decoding: page, as: UTF8.self)
        }
    }

    /// Whether a name's bytes end in `.md` in any case (as `lowercased().hasSuffix(".md")`, read on
    /// the last three bytes: lower-casing a whole path is dear, and no other character lower-cases
    /// to ASCII `m` or `d`).
    static func hasMarkdownExtension(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        let last = bytes.suffix(3)
        return last.count == 3
            && last.elementsEqual(".md".utf8) { byte, lower in
                byte == lower || (0x41...0x5A).contains(byte) && byte | 0x20 == lower
            }
    }

    /// The relative prefix from a page back to the site root: `trips/lisbon.html` -> `../`.
    static func rootPrefix(forPage pagePath: String) -> String {
        String(repeating: "../", count: max(pagePath.split(separator: "/").count - 1, 0))
    }
}
