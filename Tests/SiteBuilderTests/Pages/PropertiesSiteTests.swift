import Foundation
import NoteModel
import Testing

@testable import SiteBuilder

/// Front matter properties on note pages: typed values, links that count, settings keys left to
/// where they act, the `properties` setting, and text never taken for markup.
@Suite struct PropertiesSiteTests {
    static let alpha = """
        ---
        title: Alpha
        tags: [one]
        aliases: [First]
        date: 2024-03-04
        description: About alpha
        cssclasses: wide
        order: 2
        publish: true
        permalink: alpha
        status: draft
        rating: 4
        score: 2.5
        done: true
        archived: false
        created: 2024-01-01
        updated: 2024-02-01
        started: 2024-01-02
        reviewed: 2024-01-02 10:30
        related: "[[Beta]]"
        see:
          - "[[Beta|the second]]"
          - plain
          - ""
        source: https://example.org/a?b=1&c=2
        book: {author: Ann, year: 1999}
        Due Date: soon
        empty:
        blank: ""
        none: []
        ---
        # Alpha

        Text.
        """

    static let beta = "# Beta\n\nNo links here.\n"

    func build(_ files: [String: String], settings: String? = nil) async throws -> (TestVault, BuildReport) {
        let vault = try TestVault()
        for (path, text) in files { try vault.write(text, to: path) }
        if let settings { try vault.write(settings, to: "notesite.yml") }
        return (vault, await SiteBuild.run(BuildOptions(vault: vault.root, jobs: 2)))
    }

    /// The page's properties list, or nil.
    func properties(in page: String) -> String? {
        guard let start = page.range(of: "<dl class=\"properties\""),
            let end = page.range(of: "\n</dl>", range: start.upperBound..<page.endIndex)
        else { return nil }
        return String(page[start.lowerBound..<end.upperBound])
    }

    /// The value of one property's `<dd>`, and its `data-type`.
    func value(_ key: String, in list: String) -> (type: String, html: String)? {
        guard let row = list.split(separator: "\n").first(where: { $0.contains("data-property=\"\(key)\"") }),
            let type = row.firstRange(of: "data-type=\""),
            let dd = row.firstRange(of: "<dd>"), row.hasSuffix("</dd></div>")
        else { return nil }
        let typeText = row[type.upperBound...].prefix { $0 != "\"" }
        return (String(typeText), String(row[dd.upperBound..<row.index(row.endIndex, offsetBy: -11)]))
    }

    @Test func eachValueIsShownAsItsType() async throws {
        let (vault, report) = try await build(["alpha.md": Self.alpha, "beta.md": Self.beta])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let page = try vault.read("_site/alpha.html")
        let list = try #require(properties(in: page))
        #expect(value("status", in: list)?.type == "text")
        #expect(value("status", in: list)?.html == "draft")
        #expect(value("rating", in: list)?.type == "number")
        #expect(value("rating", in: list)?.html == "4")
        #expect(value("score", in: list)?.html == "2.5")
        #expect(value("done", in: list)?.type == "checkbox")
        #expect(
            value("done", in: list)?.html == "<input type=\"checkbox\" disabled checked aria-label=\"done\">")
        #expect(
            value("archived", in: list)?.html == "<input type=\"checkbox\" disabled aria-label=\"archived\">")
        #expect(value("started", in: list)?.type == "date")
        #expect(value("started", in: list)?.html == "<time datetime=\"2024-01-02\">2024-01-02</time>")
        #expect(value("reviewed", in: list)?.type == "datetime")
        #expect(
            value("reviewed", in: list)?.html == "<time datetime=\"2024-01-02T10:30\">2024-01-02 10:30</time>"
        )
        #expect(value("related", in: list)?.html == "<a href=\"beta.html\" class=\"internal-link\">Beta</a>")
        #expect(value("see", in: list)?.type == "list")
        #expect(
            value("see", in: list)?.html
                == "<ul><li><a href=\"beta.html\" class=\"internal-link\">the second</a></li><li>plain</li></ul>"
        )
        #expect(
            value("source", in: list)?.html
                == "<a class=\"external-link\" href=\"https://example.org/a?b=1&amp;c=2\" rel=\"noopener\">"
                + "https://example.org/a?b=1&amp;c=2</a>")
        #expect(value("book", in: list)?.type == "object")
        #expect(
            value("book", in: list)?.html
                == "<dl><div><dt>author</dt><dd>Ann</dd></div><div><dt>year</dt><dd>1999</dd></div></dl>")
        #expect(list.contains("<div class=\"property property-due-date\" data-property=\"Due Date\""))
        // In the note's article, before its text.
        let article = try #require(page.range(of: "<article"))
        let heading = try #require(page.range(of: "<h1 id=\"alpha\">"))
        let start = try #require(page.range(of: list))
        #expect(article.upperBound < start.lowerBound && start.upperBound < heading.lowerBound)
    }

    @Test func keysNotesiteReadsAndEmptyValuesAreNotShown() async throws {
        let (vault, _) = try await build(["alpha.md": Self.alpha, "beta.md": Self.beta])
        defer { vault.remove() }
        let list = try #require(properties(in: try vault.read("_site/alpha.html")))
        let keys = list.split(separator: "data-property=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(
            keys == [
                "status", "rating", "score", "done", "archived", "started", "reviewed", "related", "see",
                "source",
                "book", "Due Date",
            ])
        // `created` and `updated` dates are the page's date line, shown there once.
        let page = try vault.read("_site/alpha.html")
        #expect(page.contains("<time datetime=\"2024-02-01T00:00:00Z\">"))
        // A note without properties has no list at all.
        #expect(properties(in: try vault.read("_site/beta.html")) == nil)
        #expect(try !vault.read("_site/beta.html").contains("class=\"properties\""))
    }

    @Test func theSettingHidesThem() async throws {
        let (vault, report) = try await build(
            ["alpha.md": Self.alpha, "beta.md": Self.beta], settings: "properties: hide\n")
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(try !vault.read("_site/alpha.html").contains("class=\"properties\""))
        // Hidden, a property's link still links: the backlink stays.
        #expect(try vault.read("_site/beta.html").contains("<li><a href=\"alpha.html\">Alpha</a>"))
    }

    @Test(arguments: [
        ("properties: maybe\n", "'properties' must be 'show' or 'hide', found 'maybe'"),
        ("properties: [show]\n", "'properties' must be text, found a list"),
    ])
    func aBadSettingIsAnError(text: String, message: String) {
        let (configuration, diagnostics) = SiteConfiguration.parse(text, file: "notesite.yml")
        #expect(diagnostics.map(\.message) == [message])
        #expect(diagnostics.first?.location == SourceLocation(file: "notesite.yml", line: 1, column: 13))
        #expect(configuration.showProperties)
        #expect(!SiteConfiguration.parse("properties: hide\n", file: "n").0.showProperties)
    }

    @Test func aPropertyLinkIsABacklinkAndInTheGraph() async throws {
        let (vault, report) = try await build([
            "alpha.md": "---\nrelated: \"[[Beta]]\"\n---\n# Alpha\n\nNo link in the text.\n",
            "beta.md": Self.beta,
            "gamma.md": "# Gamma\n\nAlone.\n",
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let beta = try vault.read("_site/beta.html")
        #expect(beta.contains("<li><a href=\"alpha.html\">Alpha</a><p>related: Beta</p></li>"))
        let graph = try GraphSiteTests.graphFile(try vault.read("_site/assets/graph-data.js"))
        #expect(graph.u == ["alpha.html", "beta.html", "gamma.html"])
        #expect(graph.l == [0, 1])
    }

    @Test func aBrokenPropertyLinkIsReportedWhereItIsWritten() async throws {
        let (vault, report) = try await build([
            "alpha.md": "---\ntitle: A\nsee:\n  - \"[[Beta]]\"\n  - \"[[Nowhere]]\"\n---\nText.\n",
            "beta.md": Self.beta,
        ])
        defer { vault.remove() }
        #expect(
            report.diagnostics.map(\.message) == ["link '[[Nowhere]]' finds no published note in the vault"])
        let place = try #require(report.diagnostics.first?.location)
        #expect(place.file.hasSuffix("/alpha.md") && place.line == 5 && place.column == 6)
        #expect(report.diagnostics.first?.severity == .warning)
        let list = try #require(properties(in: try vault.read("_site/alpha.html")))
        #expect(list.contains("<li><a class=\"internal-link broken-link\">Nowhere</a></li>"))
    }

    @Test func textIsNeverMarkup() async throws {
        let (vault, report) = try await build([
            "alpha.md": """
            ---
            evil: "<script>alert(1)</script>"
            "<b>key</b>": x
            md: "**bold** <i>[[Beta|<em>]]</i>"
            url: "javascript:alert(1)"
            tricky: "https://x.org/\\"><script>"
            ---
            Text.
            """,
            "beta.md": Self.beta,
        ])
        defer { vault.remove() }
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        let list = try #require(properties(in: try vault.read("_site/alpha.html")))
        #expect(!list.contains("<script"))
        #expect(!list.contains("<b>") && !list.contains("<i>") && !list.contains("<em>"))
        #expect(value("evil", in: list)?.html == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(
            list.contains(
                "data-property=\"&lt;b&gt;key&lt;/b&gt;\" data-type=\"text\"><dt>&lt;b&gt;key&lt;/b&gt;</dt>")
        )
        #expect(
            value("md", in: list)?.html
                == "**bold** &lt;i&gt;<a href=\"beta.html\" class=\"internal-link\">&lt;em&gt;</a>&lt;/i&gt;")
        #expect(value("url", in: list)?.html == "javascript:alert(1)")
        #expect(value("tricky", in: list)?.html == "https://x.org/&quot;&gt;&lt;script&gt;")
    }
}

/// Which texts are dates, and the `datetime` each gets.
@Suite struct PropertyDateTests {
    @Test(arguments: [
        ("2024-01-02", "2024-01-02"),
        ("2024-01-02T10:30", "2024-01-02T10:30"),
        ("2024-01-02 10:30:15", "2024-01-02T10:30:15"),
        ("2023-11-10T15:10:42-08:00", "2023-11-10T15:10:42-08:00"),
        ("2023-11-10T15:10:42.25Z", "2023-11-10T15:10:42.25Z"),
        ("2023-11-10 15:10Z", "2023-11-10T15:10Z"),
        // Written as the page's `date` may be, in the form HTML wants.
        ("2024-01-02T10:30+0200", "2024-01-02T10:30+02:00"),
        ("2024-01-02t10:30 z", "2024-01-02T10:30Z"),
        ("2024-02-29", "2024-02-29"),
    ])
    func aDateOrDateTime(text: String, datetime: String) {
        #expect(PropertiesView.dateTime(text) == datetime)
    }

    @Test(arguments: [
        "2024-1-02", "2024-01-02x", "2024-01-02T", "2024-01-02T10", "2024-01-02T10:3", "2024-01-02 10:30:1",
        "2024-01-02T10:30:00.", "24-01-02", "on 2024-01-02", "",
        // Not on any calendar: month 13, day 32, February 30th, 29th outside a leap year, hour 24.
        "2024-13-01", "2024-01-32", "2024-02-30", "2023-02-29", "2024-01-02T24:00",
    ])
    func notADate(text: String) {
        #expect(PropertiesView.dateTime(text) == nil)
    }
}
