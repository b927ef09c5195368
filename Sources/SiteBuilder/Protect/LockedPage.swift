import Foundation
import HTMLText
import NoteCrypto

/// A protected note's page as published: its stand-in's page (public title, no text) with the part
/// the note's own page shows between the theme's `<!--notesite:protected-->` markers (else inside
/// `<main>`) replaced by a password form and that part sealed; the head gains the scripts and
/// styles the note's own page loads, so code, math and the rest work once it is opened.
enum LockedPage {
    static let start = "<!--notesite:protected-->"
    static let end = "<!--/notesite:protected-->"

    /// The part of a page that is sealed: between the markers, else the inside of `<main>`.
    static func region(of page: [UInt8]) -> Range<Int>? {
        if let open = find(Array(start.utf8), in: page, from: 0),
            let close = find(Array(end.utf8), in: page, from: open.upperBound)
        {
            return open.upperBound..<close.lowerBound
        }
        guard let main = find(Array("<main".utf8), in: page, from: 0),
            let tagEnd = page[main.upperBound...].firstIndex(of: UInt8(ascii: ">")),
            let close = findLast(Array("</main>".utf8), in: page), close.lowerBound > tagEnd
        else { return nil }
        return (tagEnd + 1)..<close.lowerBound
    }

    /// What is sealed of a note's own page: its region, after a comment carrying its `<main>`'s
    /// class (`has-toc` and the like), which the script gives the page's `<main>` once opened.
    static func plaintext(of page: [UInt8], region: Range<Int>) -> [UInt8] {
        var mainClass = ""
        if let main = find(Array("<main".utf8), in: page, from: 0),
            let tagEnd = page[main.upperBound...].firstIndex(of: UInt8(ascii: ">")),
            let open = find(Array(" class=\"".utf8), in: Array(page[main.upperBound..<tagEnd]), from: 0)
        {
            let start = main.upperBound + open.upperBound
            if let close = page[start..<tagEnd].firstIndex(of: UInt8(ascii: "\"")) {
                mainClass = String(decoding: page[start..<close], as: UTF8.self)
            }
        }
        return Array("<!--class:\(mainClass)-->".utf8) + page[region]
    }

    /// The published page: `stub` with its region holding the form and `sealed`, and the head
    /// lines (`<script src>`, stylesheets) of `real` it lacks.
    static func page(
        stub: [UInt8], real: [UInt8], sealed: SealedNote, title: String, storage: UnlockStorage,
        strings: InterfaceStrings
    )
        -> [UInt8]?
    {
        guard let region = region(of: stub), let headEnd = find(Array("</head>".utf8), in: stub, from: 0),
            headEnd.lowerBound < region.lowerBound
        else { return nil }
        let stubHead = String(decoding: stub[..<headEnd.lowerBound], as: UTF8.self)
        var added = ""
        if let realHead = find(Array("</head>".utf8), in: real, from: 0) {
            for line in String(decoding: real[..<realHead.lowerBound], as: UTF8.self).split(separator: "\n")
            where (line.hasPrefix("<script src=") || line.hasPrefix("<link rel=\"stylesheet\""))
                && !stubHead.contains(line)
            {
                added += line + "\n"
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(stub.count + sealed.ciphertext.count * 4 / 3 + 4096)
        out += stub[..<headEnd.lowerBound]
        out += Array(added.utf8)
        out += stub[headEnd.lowerBound..<region.lowerBound]
        out += Array(form(title: title, sealed: sealed, storage: storage, strings: strings).utf8)
        out += stub[region.upperBound...]
        return out
    }

    /// The password form, the sealed note (parameters and base64 ciphertext) and the no-script sentence.
    static func form(title: String, sealed: SealedNote, storage: UnlockStorage, strings: InterfaceStrings)
        -> String
    {
        """

        <div class="protected-note" id="notesite-protected" data-storage="\(storage.rawValue)">
        <h1>\(title.htmlEscaped)</h1>
        <noscript><p class="protected-noscript">\(strings["protect_noscript"].htmlEscaped)</p></noscript>
        <form class="protected-form" hidden>
        <p>\(strings["protect_intro"].htmlEscaped)</p>
        <label for="notesite-password">\(strings["protect_password"].htmlEscaped)</label>
        <input id="notesite-password" name="password" type="password" autocomplete="current-password" autocapitalize="off" spellcheck="false" required>
        <label class="protected-keep"><input id="notesite-keep" type="checkbox"> \(strings["protect_keep"].htmlEscaped)</label>
        <button type="submit">\(strings["protect_unlock"].htmlEscaped)</button>
        <p class="protected-status" role="status" aria-live="polite"></p>
        </form>
        <script type="application/json" id="notesite-sealed">{"parameters":"\(sealed.parameters.text)","ciphertext":"\(Data(sealed.ciphertext).base64EncodedString())"}</script>
        </div>

        """
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        var index = start
        while let first = haystack[index...].firstIndex(of: needle[0]), first + needle.count <= haystack.count
        {
            if haystack[first..<(first + needle.count)].elementsEqual(needle) {
                return first..<(first + needle.count)
            }
            index = first + 1
        }
        return nil
    }

    private static func findLast(_ needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        var found: Range<Int>?
        var from = 0
        while let next = find(needle, in: haystack, from: from) {
            found = next
            from = next.upperBound
        }
        return found
    }
}
