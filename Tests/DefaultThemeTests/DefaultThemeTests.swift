import DefaultTheme
import Foundation
import Testing

/// The theme's own folder, found from this file: Tests/DefaultThemeTests -> package root.
private let themeFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Templates/theme")

@Test func everyThemeFileIsListed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: themeFolder.path)
        .filter { !$0.hasPrefix(".") }.sorted()
    let listed =
        (DefaultTheme.templates.keys.map { $0 + ".mustache" } + DefaultTheme.assets.keys + [
            "strings", "export.js",
        ])
        .sorted()
    #expect(files == listed)
    let tables = try FileManager.default.contentsOfDirectory(
        atPath: themeFolder.appendingPathComponent("strings").path)
    #expect(tables.sorted() == DefaultTheme.strings.keys.map { $0 + ".yml" }.sorted())
}

@Test func embeddedFilesMatchTheFolder() throws {
    for (name, template) in DefaultTheme.templates {
        let onDisk = try String(
            contentsOf: themeFolder.appendingPathComponent(name + ".mustache"), encoding: .utf8)
        #expect(template == onDisk, "\(name).mustache")
    }
    for (name, bytes) in DefaultTheme.assets {
        let onDisk = try Data(contentsOf: themeFolder.appendingPathComponent(name))
        #expect(Data(bytes) == onDisk, "\(name)")
    }
    for (language, table) in DefaultTheme.strings {
        let onDisk = try String(
            contentsOf: themeFolder.appendingPathComponent("strings/\(language).yml"), encoding: .utf8)
        #expect(table == onDisk, "strings/\(language).yml")
    }
    let export = try Data(contentsOf: themeFolder.appendingPathComponent("export.js"))
    #expect(Data(DefaultTheme.exportScript) == export)
}

@Test func pageFollowsTheContract() throws {
    let layout = try #require(DefaultTheme.templates["layout"])
    #expect(layout.hasPrefix("<!doctype html>"))
    #expect(layout.contains("<html lang=\"{{site.language}}\"{{#site.rtl}} dir=\"rtl\"{{/site.rtl}}>"))
    let note = try #require(DefaultTheme.templates["note"])
    #expect(note.hasPrefix("{{<layout}}"))
    #expect(note.contains("{{{body}}}"))
    #expect(note.components(separatedBy: "<main").count == 2, "exactly one <main>")
    #expect(try #require(DefaultTheme.templates["page"]).contains("{{<note}}{{/note}}"))
    let index = try #require(DefaultTheme.templates["index"])
    #expect(index.contains("{{#notes}}") && index.contains("{{url}}"))
}

@Test func headLinksTheAssetsFromTheRoot() throws {
    let head = try #require(DefaultTheme.templates["head"])
    #expect(head.contains(#"href="{{root}}assets/style.css""#))
    #expect(head.contains(#"src="{{root}}assets/preview.js""#))
    #expect(head.contains(#"name="viewport""#))
    let header = try #require(DefaultTheme.templates["header"])
    #expect(header.contains(#"href="{{root}}index.html""#))
}

@Test(arguments: ["page", "note", "layout", "index", "folder", "tags", "tag"])
func everyPartialExists(template name: String) throws {
    let template = try #require(DefaultTheme.templates[name])
    // Partials (`{{> name}}`) and parents (`{{<name}}`) alike must be in the theme.
    let used = ["{{>", "{{<"].flatMap { opener in
        template.components(separatedBy: opener).dropFirst().compactMap {
            $0.components(separatedBy: "}}").first?.trimmingCharacters(in: .whitespaces)
        }
    }
    #expect(!used.isEmpty)
    for partial in used {
        #expect(DefaultTheme.templates[partial] != nil, "missing partial \(partial)")
    }
}

/// Pages must work offline and from file://: nothing may load from another host. The one
/// exception is a web video's player, which video.js loads when the reader clicks its poster:
/// only YouTube's cookie-less player and Vimeo's, named nowhere else.
@Test func themeMakesNoThirdPartyRequests() {
    let players = ["https://www.youtube-nocookie.com/embed/", "https://player.vimeo.com/video/"]
    // The SVG namespace names, never fetches: the social card's SVG needs it for librsvg.
    let texts =
        DefaultTheme.templates.values.map {
            $0.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        }
        + DefaultTheme.assets.map { name, bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            return name == "video.js"
                ? players.reduce(text) { $0.replacingOccurrences(of: $1, with: "") } : text
        }
    #expect(
        DefaultTheme.assets["video.js"].map { String(decoding: $0, as: UTF8.self) }?.contains(players[0])
            == true)
    for text in texts {
        #expect(!text.contains("http://") && !text.contains("https://") && !text.contains("//cdn"))
        // canvas.js draws a group's background from the source of the page's own image, no address.
        let own = text.replacingOccurrences(of: "'url(\"' + source", with: "")
        #expect(!text.contains("@import") && !own.contains("url("))
    }
}

@Test func styleKeepsImagesInTheColumnAndFollowsDarkMode() throws {
    let css = String(decoding: try #require(DefaultTheme.assets["style.css"]), as: UTF8.self)
    #expect(css.contains("--column: 720px"))
    #expect(css.contains("max-width: 100%"))
    #expect(css.contains("height: auto"))
    #expect(css.contains("prefers-color-scheme: dark"))
}

@Test func notePagesShowPropertiesInTheArticleBeforeTheText() throws {
    let note = try #require(DefaultTheme.templates["note"])
    let article = try #require(note.range(of: "<article"))
    let block = try #require(note.range(of: "{{$properties}}"))
    // Three braces: the HTML is made, and escaped, by PropertiesView.
    let properties = try #require(note.range(of: "{{{properties}}}"))
    let body = try #require(note.range(of: "{{{body}}}"))
    #expect(article.upperBound < block.lowerBound)
    #expect(block.upperBound < properties.lowerBound && properties.upperBound < body.lowerBound)
}

/// The properties' rules take their colours from the theme's variables, so dark mode needs none.
@Test func propertiesStyleFollowsTheColourScheme() throws {
    let css = String(decoding: try #require(DefaultTheme.assets["style.css"]), as: UTF8.self)
    let rules = css.components(separatedBy: "\n}\n").filter {
        $0.contains(".properties") || $0.contains(".property")
    }
    #expect(rules.count >= 5)
    for rule in rules {
        #expect(!rule.contains("#") && !rule.contains("rgb("), "\(rule)")
    }
    #expect(rules.contains { $0.contains("var(--muted)") })
    #expect(rules.contains { $0.contains("var(--surface)") })
}
