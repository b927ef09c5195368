import ContentDigest
import DefaultTheme
import Foundation
import HTMLText

/// The one HTML file `notesite export` writes: the theme's stylesheets and scripts inline, each
/// note's main content in a `<script type="text/x-notesite-note">` (decoded by export.js when
/// shown), the images once each, and a Content-Security-Policy that allows only what is inside.
struct ExportDocument {
    struct Note {
        var note: PublishedNote
        var page: BuiltPage
    }

    var notes: [Note]
    var shelf: ImageShelf
    /// The built site's files, where the pages' scripts and stylesheets come from.
    var files: [String: Data]
    var siteTitle: String
    var language: String
    /// The built-in words of the site's language (a theme's own tables are the site's, not the file's).
    var strings: InterfaceStrings
    var baseURL: String?
    var outsideLinks: ExportOptions.OutsideLinks
    var isSingleNote: Bool

    /// Interface strings of the file's frame, in one place.

    /// Scripts a page loads that cannot work inside one file (they load more files) or that the
    /// file replaces with its own (the explorer and search, placed once).
    private static let leftOut: Set<String> = [
        "assets/link-preview.js", "assets/graph.js", "assets/graph-data.js", "assets/explorer.js",
        "assets/explorer-data.js", "assets/search.js",
    ]

    private var output: [UInt8] = []
    private var scriptHashes: [String] = []

    init(
        notes: [Note], shelf: ImageShelf, files: [String: Data], siteTitle: String, language: String,
        baseURL: String?, outsideLinks: ExportOptions.OutsideLinks, isSingleNote: Bool
    ) {
        self.notes = notes
        self.shelf = shelf
        self.files = files
        self.siteTitle = siteTitle
        self.language = language
        strings = InterfaceStrings(language: language)
        self.baseURL = baseURL
        self.outsideLinks = outsideLinks
        self.isSingleNote = isSingleNote
    }

    /// The whole file.
    mutating func bytes() -> Data {
        var assets: [String] = []
        for note in notes {
            for path in note.page.assets where !assets.contains(path) && !Self.leftOut.contains(path) {
                assets.append(path)
            }
        }
        let searching =
            !isSingleNote && files["assets/search-index.js"] != nil && files["assets/search.js"] != nil
        let explorer = isSingleNote ? [] : notes.first?.page.explorer ?? []

        // The body first: the scripts' hashes go into the head's policy.
        output = []
        body(assets: assets, searching: searching, explorer: explorer)
        let bodyBytes = output
        output = []
        put("<!doctype html>\n<html lang=\"\(language.htmlEscaped)\" class=\"notesite-export\">\n<head>\n")
        put("<meta charset=\"utf-8\">\n")
        let headScripts = assets.filter { $0 == "assets/theme-toggle.js" }
        var headBytes: [UInt8] = []
        swap(&output, &headBytes)
        for path in headScripts { script(path) }
        swap(&output, &headBytes)
        put("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy().htmlEscaped)\">\n")
        put("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        put("<meta name=\"color-scheme\" content=\"light dark\">\n")
        put("<meta name=\"generator\" content=\"\(ThemeRendering.generator)\">\n")
        let title =
            notes.first.map { isSingleNote ? $0.note.title + " · " + siteTitle : siteTitle } ?? siteTitle
        put("<title>\(title.htmlEscaped)</title>\n")
        for path in assets where path.hasSuffix(".css") {
            guard let css = files[path] else { continue }
            put("<style>\n")
            output += css
            put("\n</style>\n")
        }
        output += headBytes
        put("</head>\n")
        output += bodyBytes
        put("</html>\n")
        return Data(output)
    }

    private mutating func body(assets: [String], searching: Bool, explorer: [UInt8]) {
        put("<body>\n<a class=\"skip-link\" href=\"#main\">\(strings["skip_to_content"].htmlEscaped)</a>\n")
        header(searching: searching)
        let first = notes.first?.page.mainClass ?? "note"
        put("<main id=\"main\" class=\"\(first.htmlEscaped)\" tabindex=\"-1\">\n")
        output += explorer
        put(
            "\n</main>\n<footer class=\"site-footer\">\n<p>\(strings.text("made_with", ["generator": ThemeRendering.generator]).htmlEscaped)</p>\n</footer>\n"
        )
        for (number, note) in notes.enumerated() {
            put("<script type=\"text/x-notesite-note\" id=\"notesite-export-note-\(number)\"")
            put(
                " data-page=\"\(note.note.pagePath.htmlEscaped)\" data-title=\"\(note.note.title.htmlEscaped)\""
            )
            put(" data-class=\"\(note.page.mainClass.htmlEscaped)\">")
            output += RawText.escaped(note.page.content)
            put("</script>\n")
        }
        for (number, image) in shelf.images.enumerated() {
            put("<script type=\"text/x-notesite-image\" id=\"notesite-export-image-\(number)\">")
            output += RawText.escaped(image)
            put("</script>\n")
        }
        var settings = "{\"title\":" + JSONString.literal(siteTitle)
        settings += ",\"outside\":" + JSONString.literal(outsideLinks.rawValue)
        if let baseURL { settings += ",\"baseURL\":" + JSONString.literal(baseURL) }
        settings += "}"
        put("<script type=\"application/json\" id=\"notesite-export-settings\">\(settings)</script>\n")
        if !explorer.isEmpty { script("assets/explorer-data.js") }
        script(bytes: DefaultTheme.exportScript)
        for path in assets where path.hasSuffix(".js") && path != "assets/theme-toggle.js" { script(path) }
        if searching {
            script("assets/search-engine.js")
            script("assets/search-index.js")
            let shards = files.keys.filter { $0.hasPrefix("assets/search-text/") }.sorted {
                $0.count != $1.count ? $0.count < $1.count : $0 < $1
            }
            for shard in shards { script(shard) }
            script("assets/search.js")
        }
        if !explorer.isEmpty { script("assets/explorer.js") }
        put("</body>\n")
    }

    private mutating func header(searching: Bool) {
        put("<header class=\"site-header\">\n<div class=\"site-header-inner\">\n")
        put("<a class=\"site-title\" href=\"#/\">\(siteTitle.htmlEscaped)</a>\n")
        if searching {
            put(
                """
                <form class="site-search" role="search" hidden>
                <label class="visually-hidden" for="notesite-search">\(strings["search_label"].htmlEscaped)</label>
                <input id="notesite-search" type="search" placeholder="\(strings["search_placeholder"].htmlEscaped)" autocomplete="off" spellcheck="false" role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="notesite-search-results" aria-describedby="notesite-search-status" aria-keyshortcuts="/">
                <kbd class="search-key" aria-hidden="true">/</kbd>
                <p class="search-status" id="notesite-search-status" role="status" hidden></p>
                <ul class="search-results" id="notesite-search-results" role="listbox" aria-label="\(strings["search_results"].htmlEscaped)" hidden></ul>
                </form>

                """)
        }
        put(
            """
            <button class="theme-toggle" type="button" aria-pressed="false" hidden><svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20"><circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" stroke-width="2"/><path d="M10 2a8 8 0 0 1 0 16z" fill="currentColor"/></svg><span class="visually-hidden">\(strings["dark_mode"].htmlEscaped)</span></button>
            </div>
            </header>

            """)
    }

    /// Nothing from outside: scripts only by their hashes, images, fonts and media only as `data:`.
    private func policy() -> String {
        let scripts = scriptHashes.map { "'sha256-\($0)'" }.joined(separator: " ")
        return "default-src 'none'; script-src \(scripts); style-src 'unsafe-inline'; img-src data:; "
            + "font-src data:; media-src data:; base-uri 'none'; form-action 'none'"
    }

    private mutating func script(_ path: String) {
        guard let data = files[path] else { return }
        script(bytes: Array(data))
    }

    private mutating func script(bytes: [UInt8]) {
        // A script's own text never holds `</script` (the theme's and KaTeX's do not; Mermaid's
        // writes it split); one that did would end early, so it is written escaped for JavaScript.
        let text = Self.safeScript(bytes)
        scriptHashes.append(Self.base64Digest(text))
        put("<script>")
        output += text
        put("</script>\n")
    }

    static func safeScript(_ bytes: [UInt8]) -> [UInt8] {
        guard
            BuiltPage.find("</script", in: bytes, from: 0) != nil
                || BuiltPage.find("</SCRIPT", in: bytes, from: 0) != nil
        else { return bytes }
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "/")
            {
                output += "<\\/".utf8
                index += 2
                continue
            }
            output.append(bytes[index])
            index += 1
        }
        return output
    }

    static func base64Digest(_ bytes: [UInt8]) -> String {
        let hex = Array(SHA256.hex(bytes).utf8)
        var raw: [UInt8] = []
        raw.reserveCapacity(32)
        var index = 0
        while index + 1 < hex.count {
            raw.append(nibble(hex[index]) << 4 | nibble(hex[index + 1]))
            index += 2
        }
        return Data(raw).base64EncodedString()
    }

    private static func nibble(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") ? byte - UInt8(ascii: "a") + 10 : byte - UInt8(ascii: "0")
    }

    private mutating func put(_ text: String) { output += text.utf8 }
}
