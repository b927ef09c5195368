import DefaultTheme
import Foundation
import Mustache
import Testing

/// The default templates rendered with the contract's context (see Site/reference/Themes.md),
/// by hand, so the theme is checked before and apart from the site builder.
struct ThemeRenderingTests {
    static let site: TemplateValue = ["title": "Notes & more", "language": "en", "search": true]

    static func render(_ name: String, _ values: [String: TemplateValue]) throws -> String {
        var context = values
        context["site"] = context["site"] ?? site
        context["root"] = "../"
        context["generator"] = "notesite test"
        context["strings"] = strings
        let library = try TemplateLibrary(sources: DefaultTheme.templates)
        return try library.render(name, with: .object(context))
    }

    /// The English interface words as `strings` (the site builder reads them with libyaml; these
    /// lines are simple enough to split here).
    static let strings: TemplateValue = {
        var words: [String: TemplateValue] = [:]
        for line in (DefaultTheme.strings["en"] ?? "").split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            var value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            words[String(line[..<colon])] = .string(value)
        }
        words["made_with"] = "Made with notesite test"
        return .object(words)
    }()

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    static let note: [String: TemplateValue] = [
        "title": "Trip <1>", "body": "<h1>Trip</h1><h2 id=\"day-one\">Day one</h2>", "path": "trips/Trip.md",
        "backlinks": [["title": "Plans", "url": "plans.html", "context": "See the trip."]],
        "hasBacklinks": true,
        "toc": [
            ["level": 2, "text": "Day one", "id": "day-one"],
            ["level": 3, "text": "Morning", "id": "morning"],
        ],
        "hasToc": true,
        "tags": [["name": "travel/europe", "url": "../tags/travel-europe.html"]],
        "hasTags": true,
    ]

    @Test func pageShowsTocTagsAndBacklinks() throws {
        let page = try Self.render("page", Self.note)
        #expect(page.contains("<title>Trip &lt;1&gt; · Notes &amp; more</title>"))
        #expect(page.contains("<h2 id=\"day-one\">Day one</h2>"), "the body is raw HTML")
        // The TOC twice: beside the text on wide screens, folded in <details> on narrow ones.
        #expect(Self.count("<a href=\"#day-one\">Day one</a>", in: page) == 2)
        #expect(page.contains("<li class=\"toc-level-3\"><a href=\"#morning\">Morning</a></li>"))
        #expect(page.contains("<details>\n<summary>On this page</summary>"))
        #expect(page.contains("<a class=\"tag\" href=\"../tags/travel-europe.html\">#travel/europe</a>"))
        #expect(page.contains("<a href=\"plans.html\">Plans</a><p>See the trip.</p>"))
        #expect(Self.count("<main", in: page) == 1)
        #expect(page.contains("class=\"note has-toc\""))
    }

    @Test func pageWithoutTocTagsOrBacklinksHasNoEmptySections() throws {
        var note = Self.note
        note["hasToc"] = false
        note["toc"] = []
        note["hasTags"] = false
        note["tags"] = []
        note["hasBacklinks"] = false
        note["backlinks"] = []
        let page = try Self.render("page", note)
        #expect(!page.contains("On this page"))
        #expect(!page.contains("class=\"note-tags\""))
        #expect(!page.contains("Linked from"))
        #expect(page.contains("class=\"note\""))
    }

    @Test func headerHasSkipLinkNavigationSearchAndToggle() throws {
        let page = try Self.render("page", Self.note)
        let skip = try #require(page.range(of: "<a class=\"skip-link\" href=\"#main\">"))
        let header = try #require(page.range(of: "<header"))
        #expect(skip.lowerBound < header.lowerBound, "the skip link comes first")
        #expect(page.contains("id=\"main\""))
        #expect(!page.contains("<a href=\"../tags.html\">Tags</a>"), "no tags index to link to")
        let tagged = try Self.render(
            "page", Self.note.merging(["site": ["title": "T", "hasTags": true]]) { $1 })
        #expect(tagged.contains("<li><a href=\"../tags.html\">Tags</a></li>"))
        #expect(
            page.contains("role=\"search\" hidden"), "search needs JavaScript: hidden until search.js runs")
        #expect(page.contains("class=\"theme-toggle\" type=\"button\" aria-pressed=\"false\" hidden"))
        #expect(page.contains("<script src=\"../assets/search.js\" defer></script>"))
        #expect(!page.contains("search-index.js"), "search.js loads the index when the box is used")
        // `search: false`: no box and no script.
        #expect(!tagged.contains("site-search") && !tagged.contains("search.js"))
        #expect(
            page.contains("<script src=\"../assets/theme-toggle.js\"></script>"), "not deferred: no flash")
    }

    @Test func tagsIndexAndTagPage() throws {
        let tags = try Self.render(
            "tags",
            [
                "title": "Tags",
                "tags": [["name": "travel", "url": "tags/travel.html", "count": 3]],
            ])
        #expect(
            tags.contains(
                "<a class=\"tag\" href=\"tags/travel.html\">#travel</a> <span class=\"tag-count\">3</span>"))
        let empty = try Self.render("tags", ["title": "Tags", "tags": []])
        #expect(empty.contains("No tags yet."))
        let tag = try Self.render(
            "tag",
            [
                "title": "#travel", "name": "travel",
                "notes": [["title": "Lisbon", "url": "../trips/lisbon.html", "path": "trips/Lisbon.md"]],
            ])
        #expect(tag.contains("<h1>#travel</h1>"))
        #expect(tag.contains("<a href=\"../trips/lisbon.html\">Lisbon</a>"))
        #expect(tag.contains("<a href=\"../tags.html\">Tags</a>"))
    }

    /// A theme's page.mustache extends the default note design and replaces one block, as
    /// Site/reference/Themes.md shows.
    @Test func pageCanBeExtendedByInheritance() throws {
        var sources = DefaultTheme.templates
        sources["page"] = "{{<note}}{{$content}}<p class=\"banner\">Draft</p>{{{body}}}{{/content}}{{/note}}"
        let library = try TemplateLibrary(sources: sources)
        var context = Self.note
        context["site"] = Self.site
        context["root"] = ""
        context["generator"] = "notesite test"
        context["strings"] = Self.strings
        let page = try library.render("page", with: .object(context))
        #expect(page.contains("<article class=\"note-body\">\n<p class=\"banner\">Draft</p><h1>Trip</h1>"))
        #expect(page.contains("Linked from"), "blocks not overridden keep the default")
        #expect(page.hasPrefix("<!doctype html>"))
    }

    /// Every page type is one document: a doctype, one <main> with the skip link's target.
    @Test(arguments: ["page", "index", "folder", "tags", "tag"])
    func everyPageIsOneDocument(template: String) throws {
        let html = try Self.render(
            template, Self.note.merging(["notes": [], "folders": [], "tags": []]) { first, _ in first })
        #expect(html.hasPrefix("<!doctype html>"), "\(html.prefix(80))")
        #expect(Self.count("<main id=\"main\"", in: html) == 1)
        #expect(Self.count("<html", in: html) == 1)
        #expect(html.contains("</html>"))
    }
}
