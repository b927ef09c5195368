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
        var pendingDash = false
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            let kept =
                (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) || lower == UInt8(ascii: "_")
                || lower == UInt8(ascii: ".")
            if kept {
                if pendingDash && !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingDash = false
                slug.append(lower)
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "untitled" : String(decoding: slug, as: UTF8.self)
    }

    /// The page path for a note at `notePath` (vault-relative, `/`-separated).
    static func pagePath(forNote notePath: String) -> String {
        var components = notePath.split(separator: "/").map(String.init)
        guard let file = components.popLast() else { return "untitled.html" }
        let stem =
            file.hasSuffix(".md") || file.lowercased().hasSuffix(".md") ? String(file.dropLast(3)) : file
        return (components.map(component) + [component(stem) + ".html"]).joined(separator: "/")
    }

    /// The relative prefix from a page back to the site root: `trips/lisbon.html` -> `../`.
    static func rootPrefix(forPage pagePath: String) -> String {
        // ASCII by bytes (each byte a character): splitting characters showed in every page's profile.
        let ascii = pagePath.utf8.allSatisfy { $0 < 0x80 }
        let parts =
            ascii
            ? pagePath.utf8.split(separator: UInt8(ascii: "/")).count : pagePath.split(separator: "/").count
        return String(repeating: "../", count: parts - 1)
    }
}
